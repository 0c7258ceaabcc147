import { findApiTokenByHash } from "@/lib/db/api-tokens";
import type { Db } from "@/lib/db/client";
import type { UserRow } from "@/lib/db/schema";
import { findUserByEmail, insertUser } from "@/lib/db/users";
import { hashApiToken, registerApiToken } from "./api-tokens";
import { hashPassword } from "./passwords";

export async function findOrCreateUser(
  db: Db,
  params: { email: string; password?: string; now: number },
): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByEmail(db, params.email);
  if (existing) return { user: existing, created: false };
  const passwordHash = params.password ? await hashPassword(params.password) : undefined;
  const user = await insertUser(db, { email: params.email, passwordHash, createdAt: params.now });
  return { user, created: true };
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
  if (created) console.info(`[init] created user ${init.email}`);
  if (!init.apiToken) return;
  const existing = await findApiTokenByHash(db, hashApiToken(init.apiToken));
  if (existing) {
    if (existing.userId !== user.id) throw new Error("INIT_API_TOKEN is already registered to another user");
    return;
  }
  await registerApiToken(db, { userId: user.id, name: "INIT_API_TOKEN", token: init.apiToken, now });
  console.info(`[init] registered INIT_API_TOKEN for ${init.email}`);
}
