import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { UserRow } from "@/lib/db/schema";
import { findUserByEmail, insertUser } from "@/lib/db/users";
import { hashPassword, verifyPassword } from "./passwords";

export const MIN_PASSWORD_LENGTH = 8;

export const credentialsSchema = z.object({
  email: z
    .string({ error: "is required" })
    .trim()
    .toLowerCase()
    .pipe(z.email("must be a valid email address").max(320, "must be at most 320 characters")),
  password: z
    .string({ error: "is required" })
    .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
    // Hashing is deliberately slow; an unbounded input would make it a denial of service.
    .max(1024, "must be at most 1024 characters"),
});

export type Credentials = z.infer<typeof credentialsSchema>;

let decoyHash: Promise<string> | undefined;

/** The user when the password is theirs. Unknown emails take as long, so they cannot be told apart. */
export async function checkCredentials(db: Db, credentials: Credentials): Promise<UserRow | undefined> {
  const user = await findUserByEmail(db, credentials.email);
  if (!user?.passwordHash) {
    decoyHash ??= hashPassword("decoy password for unknown users");
    await verifyPassword(await decoyHash, credentials.password);
    return undefined;
  }
  return (await verifyPassword(user.passwordHash, credentials.password)) ? user : undefined;
}

export type SignUpResult = { ok: true; user: UserRow } | { ok: false; reason: "email-taken" };

export async function signUpWithPassword(db: Db, credentials: Credentials, now: number): Promise<SignUpResult> {
  if (await findUserByEmail(db, credentials.email)) return { ok: false, reason: "email-taken" };
  const passwordHash = await hashPassword(credentials.password);
  try {
    return { ok: true, user: await insertUser(db, { email: credentials.email, passwordHash, createdAt: now }) };
  } catch (error) {
    // Two sign-ups with one email at once: the unique index lets only one through.
    if (isUniqueViolation(error)) return { ok: false, reason: "email-taken" };
    throw error;
  }
}
