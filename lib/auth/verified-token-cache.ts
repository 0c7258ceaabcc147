import type { ApiTokenRow } from "@/lib/db/schema";

/** How long a verified token is trusted before the database is asked again. */
export const VERIFIED_TOKEN_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

/**
 * API tokens verified in the last few seconds, so a busy client costs no query per request.
 * A revocation on any node reaches every node's cache through the database (LISTEN/NOTIFY,
 * lib/app/app.ts), which forgets the token at once; the time to live bounds what a lost
 * notification could cost.
 */
export class VerifiedTokenCache {
  private readonly byHash = new Map<string, { token: ApiTokenRow; verifiedAt: number }>();

  get(tokenHash: string, now: number): ApiTokenRow | undefined {
    const entry = this.byHash.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.verifiedAt < VERIFIED_TOKEN_TTL_MS && now >= entry.verifiedAt) return entry.token;
    this.byHash.delete(tokenHash);
    return undefined;
  }

  remember(tokenHash: string, token: ApiTokenRow, now: number): void {
    this.byHash.delete(tokenHash);
    if (this.byHash.size >= MAX_ENTRIES) this.byHash.delete(this.byHash.keys().next().value!);
    this.byHash.set(tokenHash, { token, verifiedAt: now });
  }

  forgetAll(): void {
    this.byHash.clear();
  }

  forget(tokenId: string): void {
    for (const [hash, entry] of this.byHash) {
      if (entry.token.id === tokenId) this.byHash.delete(hash);
    }
  }
}
