import { z } from "zod";
import { createUserToken, createUserTokenSchema } from "@/lib/auth/create-user-token";
import { credentialsSchema } from "@/lib/auth/credentials";
import { setPasswordByEmail } from "@/lib/auth/password-reset";
import { createInvitation } from "@/lib/auth/sign-up";
import type { Db } from "@/lib/db/client";

/** What the command-line scripts ask for: run on the database directly, or by the running server for them. */
export const adminCommandSchema = z.discriminatedUnion("command", [
  createUserTokenSchema.extend({ command: z.literal("token:create") }),
  z.object({ command: z.literal("user:reset-password"), email: credentialsSchema.shape.email, password: credentialsSchema.shape.password }),
  z.object({ command: z.literal("user:invite") }),
]);

export type AdminCommand = z.infer<typeof adminCommandSchema>;

export type AdminResult =
  | { command: "token:create"; email: string; created: boolean; passwordSet: boolean; token: string }
  | { command: "user:reset-password"; email: string }
  | { command: "user:invite"; token: string; expiresAt: number };

/** A refusal to tell the person at the command line, as opposed to a fault. */
export class AdminCommandError extends Error {}

export async function runAdminCommand(db: Db, command: AdminCommand, now: number): Promise<AdminResult> {
  if (command.command === "token:create") {
    const { user, created, passwordSet, token } = await createUserToken(db, command, now);
    return { command: command.command, email: user.email, created, passwordSet, token };
  }
  if (command.command === "user:invite") {
    const invitation = await createInvitation(db, now);
    if (!invitation) throw new AdminCommandError("Nobody has an account yet: the first person to sign up becomes the owner, without an invitation.");
    return { command: command.command, ...invitation };
  }
  const email = await setPasswordByEmail(db, command, now);
  if (!email) throw new AdminCommandError(`No user has the email ${command.email}.`);
  return { command: command.command, email };
}
