import fs from "node:fs";
import { importer } from "ipfs-unixfs-importer";
import { fixedSize } from "ipfs-unixfs-importer/chunker";
import { balanced } from "ipfs-unixfs-importer/layout";

/** Kubo's and Pinata's UnixFS layout, as docs/export.md documents it: 256 KiB leaves, 174 links a node. */
export const KUBO_LAYOUT = { chunkSize: 262_144, maxChildrenPerNode: 174 } as const;

/**
 * That layout as the importer's options, written here apart from the service's own
 * (lib/ipfs/unixfs-layout.ts) so tests check the product against an independent one.
 */
export function kuboLayout(cidVersion: 0 | 1) {
  return {
    cidVersion,
    rawLeaves: cidVersion === 1,
    leafType: "file" as const,
    reduceSingleLeafToSelf: true,
    chunker: fixedSize({ chunkSize: KUBO_LAYOUT.chunkSize }),
    layout: balanced({ maxChildrenPerNode: KUBO_LAYOUT.maxChildrenPerNode }),
  };
}

/**
 * The CID of a file as Kubo and Pinata give it, computed here with the importer directly and the
 * options docs/export.md documents — not with the service's code — so tests check the product
 * against an independent computation.
 */
export async function expectedCid(content: Uint8Array | string, cidVersion: 0 | 1 = 1): Promise<string> {
  const source = typeof content === "string" ? fs.createReadStream(content) : [content];
  const options = kuboLayout(cidVersion);
  const discard = { put: async <C>(cid: C) => cid };
  let cid = "";
  for await (const entry of importer([{ content: source }], discard, options)) cid = entry.cid.toString();
  return cid;
}
