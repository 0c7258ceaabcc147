/**
 * Prints a new API token for a user, creating the user when needed:
 *   npm run token:create -- --email you@example.com [--password "at least 8 characters"] [--name "my backend"]
 * With --password the user can also sign in to the dashboard (an existing user's password is replaced).
 * While the server runs on the embedded database, the server does it (lib/admin/admin-server.ts).
 */
import { parseArgs } from "node:util";
import { adminCommandSchema } from "@/lib/admin/commands";
import { runFromCommandLine } from "@/lib/admin/run-admin-command";
import { loadConfig } from "@/lib/config/config";
import { describeThrough, exitWith, reportInvalid } from "./lib/command-line";

const USAGE = 'usage: npm run token:create -- --email you@example.com [--password "at least 8 characters"] [--name "my backend"]';

async function main() {
  const { values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string", default: "cli" } },
  });
  const parsed = adminCommandSchema.safeParse({ command: "token:create", ...values });
  if (!parsed.success) return reportInvalid(parsed.error, USAGE);
  const { result, through } = await runFromCommandLine(loadConfig(), parsed.data, (message) => console.error(message));
  if (result.command !== "token:create") throw new Error(`unexpected answer ${result.command}`);
  const signIn = result.passwordSet ? "; it can sign in to the dashboard with that password" : "";
  console.error(`${result.created ? "Created user" : "User"} ${result.email}${signIn} (${describeThrough(through)}). New API token (shown once):`);
  console.log(result.token);
}

main().catch(exitWith);
