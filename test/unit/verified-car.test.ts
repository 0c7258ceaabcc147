import { describe, expect, it } from "vitest";
import { gatewayCarUrl, parseIpfsUrl, type IpfsTarget } from "@/lib/ipfs/ipfs-url";
import { verifiedCarFile } from "@/lib/ipfs/verified-car";
import { carBytes, gatewayBlocks } from "../helpers/gateway-car";

const FILE = Buffer.from(Array.from({ length: 600_000 }, (_, i) => (i * 7) % 251));

async function read(car: Buffer, target: IpfsTarget): Promise<{ bytes: Buffer; size?: number }> {
  const chunks: Uint8Array[] = [];
  let size: number | undefined;
  // In small pieces, as a socket gives them.
  async function* pieces() {
    for (let at = 0; at < car.length; at += 10_000) yield car.subarray(at, at + 10_000);
  }
  for await (const chunk of verifiedCarFile(pieces(), target, (s) => (size = s))) chunks.push(chunk);
  return { bytes: Buffer.concat(chunks), size };
}

describe("verifiedCarFile", () => {
  it("gives the file's bytes in order and its size from a DFS CAR", async () => {
    const { root, blocks } = await gatewayBlocks(FILE);
    expect(await read(await carBytes(root, blocks), { cid: root, path: [] })).toEqual({ bytes: FILE, size: FILE.length });
  });

  it("refuses blocks in another order than the walk's (leaves after the root expected)", async () => {
    const { root, blocks } = await gatewayBlocks(FILE);
    const postOrder = [...blocks.slice(1), blocks[0]];
    await expect(read(await carBytes(root, postOrder), { cid: root, path: [] })).rejects.toThrow(`the gateway sent data that does not match ${root}`);
  });

  it("follows a path through a directory, and says what is wrong with one that does not lead to a file", async () => {
    const { root, blocks } = await gatewayBlocks(FILE, { directory: "a.mp4" });
    const car = await carBytes(root, blocks);
    expect((await read(car, { cid: root, path: ["a.mp4"] })).bytes.equals(FILE)).toBe(true);
    await expect(read(car, { cid: root, path: ["b.mp4"] })).rejects.toThrow(`ipfs://${root}/b.mp4 does not exist: its directory has no b.mp4`);
    await expect(read(car, { cid: root, path: [] })).rejects.toThrow(`ipfs://${root} is not a file`);
  });
});

describe("ipfs:// URLs", () => {
  it("parses the CID (case kept) and the path, and refuses what is not a CID", () => {
    const target = parseIpfsUrl(new URL("ipfs://QmWLHMtiquqL5wpMjWENNomP1tcxnN2Pi5g1uzuG96brjF/a%20b/c.mp4"));
    expect(target?.cid.toString()).toBe("QmWLHMtiquqL5wpMjWENNomP1tcxnN2Pi5g1uzuG96brjF");
    expect(target?.path).toEqual(["a b", "c.mp4"]);
    expect(parseIpfsUrl(new URL("ipfs://not-a-cid"))).toBeUndefined();
    expect(parseIpfsUrl(new URL("https://example.com/ipfs/x"))).toBeUndefined();
  });

  it("asks the gateway for a CAR under its /ipfs base", () => {
    const url = new URL("ipfs://bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy/x.mp4");
    expect(gatewayCarUrl("https://gw.example/ipfs", url).href).toBe("https://gw.example/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy/x.mp4?format=car");
  });
});
