import { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { UserRow } from "@/lib/db/schema";
import { updateUserPassword } from "@/lib/db/users";
import { registerApiToken } from "./api-tokens";
import { credentialsSchema } from "./credentials";
import { findOrCreateUser } from "./ensure-user";
import { hashPassword } from "./passwords";
import { endAllSessions } from "./sessions";

export const createUserTokenSchema = z.object({
  email: credentialsSchema.shape.email,
  /** The dashboard's sign-in password: sets it, for a new user or an existing one. */
  password: credentialsSchema.shape.password.optional(),
  name: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters"),
});

export type CreateUserToken = z.infer<typeof createUserTokenSchema>;

/**
 * What `npm run token:create` does: the user (created when needed) and a new API token for it.
 * With a password, the user can also sign in to the dashboard; setting it on an existing user
 * ends that user's sessions, as a password change in the dashboard does.
 */
export async function createUserToken(
  db: Db,
  request: CreateUserToken,
  now: number,
): Promise<{ user: UserRow; created: boolean; passwordSet: boolean; token: string }> {
  const { user, created } = await findOrCreateUser(db, { email: request.email, password: request.password, now });
  if (!created && request.password) {
    await updateUserPassword(db, user.id, await hashPassword(request.password));
    await endAllSessions(db, user.id, now);
  }
  const { token } = await registerApiToken(db, { userId: user.id, name: request.name, now });
  return { user, created, passwordSet: request.password !== undefined, token };
}
