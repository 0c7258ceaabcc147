import { and, eq } from "drizzle-orm";
import type { Db } from "./client";
import { appSecrets } from "./schema";

/**
 * The stored value of a secret, storing `candidate` first when there is none. Nodes starting
 * together all offer one; the first insert wins and every node reads that one back.
 */
export async function ensureAppSecret(db: Db, name: string, candidate: string, now: number): Promise<{ value: string; created: boolean }> {
  const inserted = await db.insert(appSecrets).values({ name, value: candidate, createdAt: now }).onConflictDoNothing().returning();
  if (inserted.length > 0) return { value: candidate, created: true };
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return { value: row.value, created: false };
}

/** Removes a stored secret if it holds `value` (it is now set in the environment instead). */
export async function forgetAppSecret(db: Db, name: string, value: string): Promise<void> {
  await db.delete(appSecrets).where(and(eq(appSecrets.name, name), eq(appSecrets.value, value)));
}
