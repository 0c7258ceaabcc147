import { NETWORK_CODES } from "@/lib/db/errors";

/**
 * The object store could not be reached, timed out, or answered that it is unavailable: an AWS
 * SDK error (it carries `$metadata`) from the network, or a 503 from the store.
 */
export function isStorageUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const sdk = e as { $metadata?: { httpStatusCode?: number }; code?: unknown; name: string };
    if (!sdk.$metadata) continue;
    if (sdk.name === "TimeoutError" || sdk.$metadata.httpStatusCode === 503) return true;
    if (typeof sdk.code === "string" && NETWORK_CODES.has(sdk.code)) return true;
  }
  return false;
}

/** A write found no space left (ENOSPC) or the quota spent (EDQUOT), anywhere in the error's causes. */
export function isOutOfSpace(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (code === "ENOSPC" || code === "EDQUOT") return true;
    // PGlite reports PostgreSQL's message for a full disk.
    if (/No space left on device/i.test(e.message)) return true;
  }
  return false;
}
