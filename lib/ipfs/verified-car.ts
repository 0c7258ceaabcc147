import { asyncIterableReader, readBlockHead, readHeader, type BytesReader } from "@ipld/car/decoder";
import * as dagPb from "@ipld/dag-pb";
import { UnixFS } from "ipfs-unixfs";
import type { CID } from "multiformats/cid";
import { identity } from "multiformats/hashes/identity";
import { sha256 } from "multiformats/hashes/sha2";
import * as raw from "multiformats/codecs/raw";
import type { IpfsTarget } from "./ipfs-url";

/** The largest block taken (Bitswap's limit is 2 MiB; a larger one is no UnixFS block of any gateway). */
const MAX_BLOCK_BYTES = 4 * 1024 * 1024;

/**
 * Links waiting to be read, at most: a balanced DAG of 174 links a node keeps 174 a level (three
 * levels hold 1.3 TB), so only a DAG made to exhaust memory reaches it.
 */
const MAX_PENDING_LINKS = 10_000;

/** Content the gateway sent that cannot be the file asked for: the import fails without retrying. */
export class IpfsContentError extends Error {}

/**
 * The bytes of the UnixFS file `target` names, read from a trustless gateway's CAR (DFS order, as
 * `order=dfs; dups=y` asks) and yielded in file order as they arrive. Every block must be the next
 * one the DAG walk expects and hash to its CID; a CAR whose root is not the requested CID, a block
 * that does not match, or one missing throws `the gateway sent data that does not match {cid}`.
 * Only the links still to be read are kept, never a block, so memory stays flat. `onSize` hears
 * the file's size once its root node says it.
 */
export async function* verifiedCarFile(car: AsyncIterable<Uint8Array>, target: IpfsTarget, onSize: (size: number) => void): AsyncGenerator<Uint8Array> {
  const mismatch = () => new IpfsContentError(`the gateway sent data that does not match ${target.cid}`);
  const reader = asyncIterableReader(car);
  const header = await readHeader(reader).catch(() => undefined);
  if (header?.version !== 1 || !header.roots.some((root) => sameBlock(root, target.cid))) throw mismatch();
  const path = [...target.path];
  const pending: CID[] = [target.cid];
  let root = true;
  while (pending.length > 0) {
    const expected = pending.pop() as CID;
    const bytes = await blockOf(reader, expected).catch(() => undefined);
    if (!bytes) throw mismatch();
    if (expected.code === raw.code) {
      if (path.length > 0) throw notAFile(target);
      if (root) onSize(bytes.length);
      root = false;
      yield bytes;
      continue;
    }
    if (expected.code !== dagPb.code) throw notAFile(target);
    const { node, unixfs } = decodeNode(bytes, target);
    if (path.length > 0) {
      if (unixfs?.type === "hamt-sharded-directory") throw new IpfsContentError(`${describe(target)}: sharded directories are not supported`);
      if (unixfs?.type !== "directory") throw notAFile(target);
      const name = path.shift();
      const link = node.Links.find((l) => l.Name === name);
      if (!link) throw new IpfsContentError(`${describe(target)} does not exist: its directory has no ${name}`);
      pending.push(link.Hash);
      continue;
    }
    if (unixfs?.type !== "file" && unixfs?.type !== "raw") throw notAFile(target);
    if (root) onSize(Number(unixfs.fileSize()));
    root = false;
    if (unixfs.data && unixfs.data.length > 0) yield unixfs.data;
    for (let i = node.Links.length - 1; i >= 0; i--) pending.push(node.Links[i].Hash);
    if (pending.length > MAX_PENDING_LINKS) throw new IpfsContentError(`${describe(target)}: its DAG has more than ${MAX_PENDING_LINKS} links to walk at once`);
  }
}

/** The next block of the CAR, which must be `expected` and hash to it; an identity CID holds its own bytes. */
async function blockOf(reader: BytesReader, expected: CID): Promise<Uint8Array | undefined> {
  if (expected.multihash.code === identity.code) return expected.multihash.digest;
  const head = await readBlockHead(reader);
  if (!sameBlock(head.cid, expected) || head.blockLength > MAX_BLOCK_BYTES) return undefined;
  const bytes = await reader.exactly(head.blockLength, true);
  if (expected.multihash.code !== sha256.code) return undefined;
  const digest = await sha256.digest(bytes);
  return equalBytes(digest.digest, expected.multihash.digest) ? bytes : undefined;
}

/** A dag-pb block (already checked against its CID) and its UnixFS data. */
function decodeNode(bytes: Uint8Array, target: IpfsTarget): { node: dagPb.PBNode; unixfs?: UnixFS } {
  try {
    const node = dagPb.decode(bytes);
    return { node, unixfs: node.Data ? UnixFS.unmarshal(node.Data) : undefined };
  } catch {
    throw notAFile(target);
  }
}

/** The same block: the same codec and multihash, whatever the CID version. */
function sameBlock(a: CID, b: CID): boolean {
  return a.code === b.code && equalBytes(a.multihash.bytes, b.multihash.bytes);
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

function describe(target: IpfsTarget): string {
  return `ipfs://${target.cid}${target.path.map((p) => `/${p}`).join("")}`;
}

function notAFile(target: IpfsTarget): IpfsContentError {
  return new IpfsContentError(`${describe(target)} is not a file`);
}
