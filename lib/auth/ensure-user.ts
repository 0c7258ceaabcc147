import { findApiTokenByHash } from "@/lib/db/api-tokens";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { UserRow } from "@/lib/db/schema";
import { findUserByEmail, insertUserUnlessTaken } from "@/lib/db/users";
import { hashApiToken, registerApiToken } from "./api-tokens";
import { hashPassword } from "./passwords";
import { log } from "@/lib/log/log";

export async function findOrCreateUser(
  db: Db,
  params: { email: string; password?: string; now: number },
): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByEmail(db, params.email);
  if (existing) return { user: existing, created: false };
  const passwordHash = params.password ? await hashPassword(params.password) : undefined;
  const user = await insertUserUnlessTaken(db, { email: params.email, passwordHash, createdAt: params.now });
  if (user) return { user, created: true };
  // Created meanwhile by another node starting, or another sign-in, at the same moment.
  return { user: (await findUserByEmail(db, params.email))!, created: false };
}

/**
 * Applies INIT_USER_EMAIL / INIT_USER_PASSWORD / INIT_API_TOKEN: creates what does not exist yet
 * and never changes what does, so it is safe on every start.
 */
export async function ensureInitUser(
  db: Db,
  init: { email: string; password?: string; apiToken?: string },
  now: number,
): Promise<void> {
  const { user, created } = await findOrCreateUser(db, { email: init.email, password: init.password, now });
  if (created) log.info("init", `created user ${init.email}`);
  if (!init.apiToken) return;
  if (await isRegisteredTo(db, init.apiToken, user.id)) return;
  try {
    await registerApiToken(db, { userId: user.id, name: "INIT_API_TOKEN", token: init.apiToken, now });
    log.info("init", `registered INIT_API_TOKEN for ${init.email}`);
  } catch (error) {
    // Another node starting at the same moment registered it first.
    if (!isUniqueViolation(error) || !(await isRegisteredTo(db, init.apiToken, user.id))) throw error;
  }
}

async function isRegisteredTo(db: Db, token: string, userId: string): Promise<boolean> {
  const existing = await findApiTokenByHash(db, hashApiToken(token));
  if (existing && existing.userId !== userId) throw new Error("INIT_API_TOKEN is already registered to another user");
  return existing !== undefined;
}
