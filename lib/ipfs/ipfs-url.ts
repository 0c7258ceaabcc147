import { CID } from "multiformats/cid";

/** What an `ipfs://{cid}[/path]` URL names: the root CID and the path under it (decoded segments). */
export interface IpfsTarget {
  cid: CID;
  path: string[];
}

/** The CID and path of an `ipfs://` URL; undefined for any other URL or an invalid CID. */
export function parseIpfsUrl(url: URL): IpfsTarget | undefined {
  if (url.protocol !== "ipfs:" || url.host === "") return undefined;
  try {
    const path = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    return { cid: CID.parse(url.host), path };
  } catch {
    return undefined;
  }
}

export function isIpfsUrl(value: string): boolean {
  try {
    return parseIpfsUrl(new URL(value)) !== undefined;
  } catch {
    return false;
  }
}

/** Where a trustless gateway (`IPFS_GATEWAY_URL`, the `…/ipfs` base) serves the target as a CAR. */
export function gatewayCarUrl(gatewayBase: string, url: URL): URL {
  const car = new URL(`${gatewayBase}/${url.host}${url.pathname === "/" ? "" : url.pathname}`);
  car.searchParams.set("format", "car");
  return car;
}
