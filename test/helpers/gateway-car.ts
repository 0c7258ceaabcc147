import { CarWriter } from "@ipld/car/writer";
import * as dagPb from "@ipld/dag-pb";
import { importer } from "ipfs-unixfs-importer";
import { CID } from "multiformats/cid";
import { kuboLayout } from "./ipfs-cid";

export interface CarBlock {
  cid: CID;
  bytes: Uint8Array;
}

/**
 * A file added to IPFS as Kubo adds it (the documented layout, the importer called here), and its
 * blocks in the order a trustless gateway sends them with `order=dfs; dups=y`: each node before
 * its children, a block repeated wherever it is linked again. `directory` wraps the file in one,
 * under that name (the root is then the directory's CID).
 */
export async function gatewayBlocks(content: Uint8Array, options: { cidVersion?: 0 | 1; directory?: string } = {}): Promise<{ root: CID; blocks: CarBlock[] }> {
  const cidVersion = options.cidVersion ?? 1;
  const stored = new Map<string, Uint8Array>();
  const blockstore = { put: async (cid: CID, bytes: Uint8Array) => (stored.set(cid.toString(), bytes), cid) };
  const layout = { ...kuboLayout(cidVersion), wrapWithDirectory: options.directory !== undefined };
  let root: CID | undefined;
  for await (const entry of importer([{ path: options.directory ?? "", content: [content] }], blockstore, layout)) root = entry.cid;
  if (!root) throw new Error("no root");
  const blocks: CarBlock[] = [];
  const visit = (cid: CID) => {
    const bytes = stored.get(cid.toString());
    if (!bytes) throw new Error(`no block ${cid}`);
    blocks.push({ cid, bytes });
    if (cid.code === dagPb.code) for (const link of dagPb.decode(bytes).Links) visit(link.Hash);
  };
  visit(root);
  return { root, blocks };
}

/** A CARv1 of these blocks, as they are (a test may alter one), with `root` as its single root. */
export async function carBytes(root: CID, blocks: CarBlock[]): Promise<Buffer> {
  const { writer, out } = CarWriter.create([root]);
  const chunks: Uint8Array[] = [];
  const reading = (async () => {
    for await (const chunk of out) chunks.push(chunk);
  })();
  for (const block of blocks) await writer.put(block);
  await writer.close();
  await reading;
  return Buffer.concat(chunks);
}
