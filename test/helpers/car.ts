import { CarBlockIterator } from "@ipld/car/iterator";
import { sha256 } from "multiformats/hashes/sha2";
import { fetchHandlers as car } from "@/pages/api/asset/[id]/car";
import { callRoute } from "./call-route";

export function getCar(assetId: string, options: { token?: string; url?: string; method?: string; headers?: Record<string, string> } = {}) {
  return callRoute(car.GET, options.url ?? `/api/asset/${assetId}/car`, { token: options.token, method: options.method, headers: options.headers, params: { id: assetId } });
}

/**
 * Reads a CAR with @ipld/car, checking every block against its CID (sha2-256, as the layout
 * uses); returns its roots and how many blocks and bytes of leaf data it holds.
 */
export async function checkCar(bytes: Uint8Array): Promise<{ roots: string[]; blocks: number; rawBytes: number }> {
  const iterator = await CarBlockIterator.fromBytes(bytes);
  const roots = (await iterator.getRoots()).map((cid) => cid.toString());
  let blocks = 0;
  let rawBytes = 0;
  for await (const block of iterator) {
    const digest = await sha256.digest(block.bytes);
    if (block.cid.multihash.code !== sha256.code || !equal(digest.digest, block.cid.multihash.digest)) {
      throw new Error(`block ${block.cid} does not hash to its CID`);
    }
    blocks++;
    if (block.cid.code === 0x55) rawBytes += block.bytes.length;
  }
  return { roots, blocks, rawBytes };
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
