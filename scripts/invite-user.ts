/**
 * Makes an invitation link, for servers where sign-up is by invitation (SIGN_UP=invite, the default):
 *   npm run user:invite
 * Prints the link once: it makes one account and works for 7 days. The link starts with APP_URL
 * (else http://localhost:PORT). While the server runs on the embedded database, the server does it
 * (lib/admin/admin-server.ts).
 */
import { adminCommandSchema } from "@/lib/admin/commands";
import { runFromCommandLine } from "@/lib/admin/run-admin-command";
import { invitationLink } from "@/lib/auth/sign-up";
import { loadConfig } from "@/lib/config/config";
import { describeThrough, exitWith } from "./lib/command-line";

async function main() {
  const config = loadConfig();
  if (config.signUp !== "invite") console.error(`Note: SIGN_UP is ${config.signUp} here, so the server does not ask for invitations.`);
  const command = adminCommandSchema.parse({ command: "user:invite" });
  const { result, through } = await runFromCommandLine(config, command, (message) => console.error(message));
  if (result.command !== "user:invite") throw new Error(`unexpected answer to user:invite: ${result.command}`);
  const origin = config.appUrl ?? `http://localhost:${process.env.PORT ?? 3000}`;
  console.error(`Invitation made (${describeThrough(through)}); it makes one account and works until ${new Date(result.expiresAt).toISOString()}. Link (shown once):`);
  console.log(invitationLink(origin, result.token));
}

main().catch(exitWith);
