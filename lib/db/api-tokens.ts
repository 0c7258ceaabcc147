import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "./client";
import { keysetAfter, keysetOrder, newestFirst, toPage, type Page, type PageRequest } from "./pagination";
import { preparedStatement } from "./prepared";
import { apiTokens, type ApiTokenRow, type ResponseShape } from "./schema";

export async function insertApiToken(
  db: Db,
  values: { userId: string; name: string; responseShape: ResponseShape; prefix: string; tokenHash: string; createdAt: number },
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row;
}

const findApiTokenByHashStatement = preparedStatement((db) =>
  db.select().from(apiTokens).where(eq(apiTokens.tokenHash, sql.placeholder("tokenHash"))).prepare("find_api_token_by_hash"),
);

export async function findApiTokenByHash(db: Db, tokenHash: string): Promise<ApiTokenRow | undefined> {
  const [row] = await findApiTokenByHashStatement(db).execute({ tokenHash });
  return row;
}

export async function touchApiToken(db: Db, id: string, at: number): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id));
}

/** The channel that tells every node an API token was revoked or changed (their caches forget it); the payload is its id. */
export const API_TOKEN_REVOKED_CHANNEL = "vas_api_token_revoked";

/** Changes the user's token's name or response shape and tells every node; undefined when it is not the user's. */
export async function updateApiToken(
  db: Db,
  userId: string,
  id: string,
  change: { name?: string; responseShape?: ResponseShape },
): Promise<ApiTokenRow | undefined> {
  const [row] = Object.keys(change).length
    ? await db.update(apiTokens).set(change).where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId))).returning()
    : await db.select().from(apiTokens).where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)));
  if (row) await db.execute(sql`select pg_notify(${API_TOKEN_REVOKED_CHANNEL}, ${id})`);
  return row;
}

/** Revokes the token and tells every node (their caches forget it); false when it was not the user's or was revoked already. */
export async function revokeApiToken(db: Db, userId: string, id: string, at: number): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (rows.length > 0) await db.execute(sql`select pg_notify(${API_TOKEN_REVOKED_CHANNEL}, ${id})`);
  return rows.length > 0;
}

export async function findUserApiToken(db: Db, userId: string, id: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db.select().from(apiTokens).where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)));
  return row;
}

/** The user's tokens, revoked ones included, newest first. */
export async function listUserApiTokens(db: Db, userId: string, page: PageRequest): Promise<Page<ApiTokenRow>> {
  const keyset = newestFirst(apiTokens);
  const rows = await db
    .select({ row: apiTokens, key: apiTokens.createdAt })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), keysetAfter(keyset, page.after)))
    .orderBy(...keysetOrder(keyset))
    .limit(page.limit + 1);
  return toPage(rows, page.limit);
}
