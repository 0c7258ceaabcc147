import type { ImporterOptions } from "ipfs-unixfs-importer";
import { fixedSize } from "ipfs-unixfs-importer/chunker";
import { balanced } from "ipfs-unixfs-importer/layout";

export type CidVersion = 0 | 1;

/** Kubo's and Pinata's layout (DESIGN.md section 17): fixed 256 KiB chunks, balanced DAG of 174 links a node. */
export const CHUNK_SIZE = 262_144;
export const MAX_LINKS_PER_NODE = 174;

/**
 * The importer options that give the CIDs Pinata and Kubo give for `cidVersion` 1 (raw leaves,
 * `bafy…`, or the leaf itself, `bafkrei…`, for one chunk) and 0 (`Qm…`, dag-pb leaves). Every option
 * is set, since the importer's defaults have changed between versions. One block is hashed at a
 * time, so the blocks come out in the same order every time (a CAR's order).
 */
export function unixfsLayout(version: CidVersion): ImporterOptions {
  return {
    cidVersion: version,
    rawLeaves: version === 1,
    leafType: "file",
    reduceSingleLeafToSelf: true,
    chunker: fixedSize({ chunkSize: CHUNK_SIZE }),
    layout: balanced({ maxChildrenPerNode: MAX_LINKS_PER_NODE }),
    fieldOrder: "links-first",
    wrapWithDirectory: false,
    blockWriteConcurrency: 1,
    fileImportConcurrency: 1,
  };
}
