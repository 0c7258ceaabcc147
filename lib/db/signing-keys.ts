import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "./client";
import { keysetAfter, keysetOrder, newestFirst, toPage, type Page, type PageRequest } from "./pagination";
import { preparedStatement } from "./prepared";
import { signingKeys, type SigningKeyRow } from "./schema";

export type SigningKeyPatch = Partial<Pick<SigningKeyRow, "name" | "disabled">>;

export async function insertSigningKey(
  db: Db,
  values: { userId: string; name: string; publicKey: string; createdAt: number },
): Promise<SigningKeyRow> {
  const [row] = await db.insert(signingKeys).values(values).returning();
  return row;
}

export async function findUserSigningKey(db: Db, userId: string, id: string): Promise<SigningKeyRow | undefined> {
  const [row] = await db.select().from(signingKeys).where(and(eq(signingKeys.id, id), eq(signingKeys.userId, userId)));
  return row;
}

/** The user's keys, newest first. */
export async function listUserSigningKeys(db: Db, userId: string, page: PageRequest): Promise<Page<SigningKeyRow>> {
  const keyset = newestFirst(signingKeys);
  const rows = await db
    .select({ row: signingKeys, key: signingKeys.createdAt })
    .from(signingKeys)
    .where(and(eq(signingKeys.userId, userId), keysetAfter(keyset, page.after)))
    .orderBy(...keysetOrder(keyset))
    .limit(page.limit + 1);
  return toPage(rows, page.limit);
}

export async function updateUserSigningKey(db: Db, userId: string, id: string, patch: SigningKeyPatch): Promise<SigningKeyRow | undefined> {
  const [row] = await db.update(signingKeys).set(patch).where(and(eq(signingKeys.id, id), eq(signingKeys.userId, userId))).returning();
  return row;
}

export async function deleteUserSigningKey(db: Db, userId: string, id: string): Promise<SigningKeyRow | undefined> {
  const [row] = await db.delete(signingKeys).where(and(eq(signingKeys.id, id), eq(signingKeys.userId, userId))).returning();
  return row;
}

const findByPublicKeyStatement = preparedStatement((db) =>
  db.select().from(signingKeys).where(eq(signingKeys.publicKey, sql.placeholder("publicKey"))).prepare("find_signing_key_by_public_key"),
);

/** The key a viewer token names in its `pub` claim, whoever owns it (the caller checks the owner). */
export async function findSigningKeyByPublicKey(db: Db, publicKey: string): Promise<SigningKeyRow | undefined> {
  const [row] = await findByPublicKeyStatement(db).execute({ publicKey });
  return row;
}

const findByIdStatement = preparedStatement((db) =>
  db.select().from(signingKeys).where(eq(signingKeys.id, sql.placeholder("id"))).prepare("find_signing_key"),
);

/** The key that granted a media token, whoever owns it (the caller checks the owner): every segment asks. */
export async function findSigningKey(db: Db, id: string): Promise<SigningKeyRow | undefined> {
  const [row] = await findByIdStatement(db).execute({ id });
  return row;
}

/** Records a use, unless another request (or node) recorded one within `resolutionMs`. */
export async function touchSigningKey(db: Db, id: string, at: number, resolutionMs: number): Promise<void> {
  await db
    .update(signingKeys)
    .set({ lastSeenAt: at })
    .where(and(eq(signingKeys.id, id), or(isNull(signingKeys.lastSeenAt), lt(signingKeys.lastSeenAt, at - resolutionMs))));
}
