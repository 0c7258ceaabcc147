import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { findApiTokenByHash, insertApiToken, touchApiToken } from "@/lib/db/api-tokens";
import type { Db } from "@/lib/db/client";
import type { ApiTokenRow, ResponseShape } from "@/lib/db/schema";
import type { VerifiedTokenCache } from "./verified-token-cache";

const TOKEN_PREFIX = "vas_";
const SHOWN_PREFIX_LENGTH = TOKEN_PREFIX.length + 8;
/** lastUsedAt is a hint for people; writing it on every request would cost a write per call. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function generateApiToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

export function hashApiToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function registerApiToken(
  db: Db,
  params: { userId: string; name: string; responseShape?: ResponseShape; token?: string; now: number },
): Promise<{ token: string; row: ApiTokenRow }> {
  const token = params.token ?? generateApiToken();
  const row = await insertApiToken(db, {
    userId: params.userId,
    name: params.name,
    responseShape: params.responseShape ?? "auto",
    prefix: token.slice(0, SHOWN_PREFIX_LENGTH),
    tokenHash: hashApiToken(token),
    createdAt: params.now,
  });
  return { token, row };
}

/** The token's row when it is known and not revoked; recently verified tokens are not looked up again. */
export async function verifyApiToken(
  deps: { db: Db; verifiedTokens: VerifiedTokenCache },
  token: string,
  now: number,
): Promise<ApiTokenRow | undefined> {
  const hash = hashApiToken(token);
  let row = deps.verifiedTokens.get(hash, now);
  if (!row) {
    row = await findValidToken(deps.db, hash);
    if (!row) return undefined;
    deps.verifiedTokens.remember(hash, row, now);
  }
  if (row.lastUsedAt === null || now - row.lastUsedAt > LAST_USED_RESOLUTION_MS) {
    await touchApiToken(deps.db, row.id, now);
    row.lastUsedAt = now;
  }
  return row;
}

async function findValidToken(db: Db, hash: string): Promise<ApiTokenRow | undefined> {
  const row = await findApiTokenByHash(db, hash);
  if (!row || row.revokedAt !== null) return undefined;
  if (!timingSafeEqual(Buffer.from(row.tokenHash, "hex"), Buffer.from(hash, "hex"))) return undefined;
  return row;
}
