import { notFound } from "@/lib/api/errors";
import { findUserApiToken, listUserApiTokens, revokeApiToken, updateApiToken } from "@/lib/db/api-tokens";
import type { Db } from "@/lib/db/client";
import type { PageRequest } from "@/lib/db/pagination";
import type { ApiTokenRow, ResponseShape } from "@/lib/db/schema";
import { registerApiToken } from "./api-tokens";
import type { ApiKey, CreatedApiKey, UpdateApiKey } from "./schemas";
import type { VerifiedTokenCache } from "./verified-token-cache";

export function serializeApiKey(row: ApiTokenRow): ApiKey {
  const key: ApiKey = { id: row.id, name: row.name, prefix: row.prefix, createdAt: row.createdAt, responseShape: row.responseShape };
  if (row.lastUsedAt !== null) key.lastUsedAt = row.lastUsedAt;
  if (row.revokedAt !== null) key.revokedAt = row.revokedAt;
  return key;
}

/** A new key; `token` is returned this once and only its hash is kept. */
export async function createApiKey(db: Db, params: { userId: string; name: string; responseShape: ResponseShape; now: number }): Promise<CreatedApiKey> {
  const { token, row } = await registerApiToken(db, params);
  return { key: serializeApiKey(row), token };
}

export async function listApiKeys(db: Db, userId: string, page: PageRequest) {
  const { items, next } = await listUserApiTokens(db, userId, page);
  return { items: items.map(serializeApiKey), next };
}

/** Renames the user's key or changes its response shape, on every node from the next request on; 404 for unknown or foreign keys. */
export async function updateApiKey(
  deps: { db: Db; verifiedTokens: VerifiedTokenCache },
  params: { userId: string; id: string },
  change: UpdateApiKey,
): Promise<ApiKey> {
  const row = await updateApiToken(deps.db, params.userId, params.id, change);
  if (!row) throw notFound("API key not found");
  deps.verifiedTokens.forget(params.id);
  return serializeApiKey(row);
}

/** Revokes the user's key; revoking it again is harmless. 404 for unknown or foreign keys. */
export async function revokeApiKey(
  deps: { db: Db; verifiedTokens: VerifiedTokenCache },
  params: { userId: string; id: string; now: number },
): Promise<void> {
  const revoked = await revokeApiToken(deps.db, params.userId, params.id, params.now);
  deps.verifiedTokens.forget(params.id);
  if (revoked) return;
  if (!(await findUserApiToken(deps.db, params.userId, params.id))) throw notFound("API key not found");
}
