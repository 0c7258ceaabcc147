import { blockLength, headerLength } from "@ipld/car/buffer-writer";
import { importer } from "ipfs-unixfs-importer";
import type { CID } from "multiformats/cid";
import { unixfsLayout, type CidVersion } from "./unixfs-layout";

/** Where the importer puts each block it makes, in order. */
export type BlockSink = (cid: CID, bytes: Uint8Array) => Promise<void>;

/** Imports one file with the section 17 layout; `put` sees every block (the blockstore). */
export async function importFile(content: AsyncIterable<Uint8Array>, version: CidVersion, put: BlockSink): Promise<CID> {
  const blockstore = {
    put: async (cid: CID, bytes: Uint8Array) => {
      await put(cid, bytes);
      return cid;
    },
  };
  let root: CID | undefined;
  for await (const entry of importer([{ content }], blockstore, unixfsLayout(version))) root = entry.cid;
  if (!root) throw new Error("the importer gave no CID");
  return root;
}

export interface FileCid {
  cid: string;
  /** The length of the file's CAR (lib/ipfs/car-stream.ts): its single root, then every block. */
  carSize: number;
}

/** The CID of a stream of bytes, keeping no block: memory stays flat whatever the size. */
export async function cidOfStream(content: AsyncIterable<Uint8Array>, version: CidVersion): Promise<FileCid> {
  let blocksLength = 0;
  const root = await importFile(content, version, async (cid, bytes) => {
    blocksLength += blockLength({ cid, bytes });
  });
  return { cid: root.toString(), carSize: headerLength({ roots: [root] }) + blocksLength };
}

/** The CID of bytes held in memory (the export's metadata JSON). */
export async function cidOfBytes(bytes: Uint8Array, version: CidVersion): Promise<string> {
  return (await cidOfStream(oneChunk(bytes), version)).cid;
}

async function* oneChunk(bytes: Uint8Array) {
  yield bytes;
}
