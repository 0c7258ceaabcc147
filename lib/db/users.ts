import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "./client";
import { users, type UserRow } from "./schema";

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

export async function insertUser(
  db: Db,
  values: { email: string; name?: string; passwordHash?: string; createdAt: number },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function updateUserPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Inserts the user unless one with the email exists (two nodes may create it at once); undefined then. */
export async function insertUserUnlessTaken(
  db: Db,
  values: { email: string; passwordHash?: string; createdAt: number },
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The first account made on this server: its owner (who invites the others). */
export async function findOwner(db: Db): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).orderBy(asc(users.createdAt), asc(users.id)).limit(1);
  return row;
}
