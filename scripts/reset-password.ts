/**
 * Sets a new password for a user, for servers that do not send e-mail (no SMTP_URL):
 *   npm run user:reset-password -- --email you@example.com [--password "at least 8 characters"]
 * Without --password it makes one and prints it once. Every session of the user ends.
 * While the server runs on the embedded database, the server does it (lib/admin/admin-server.ts).
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { adminCommandSchema } from "@/lib/admin/commands";
import { runFromCommandLine } from "@/lib/admin/run-admin-command";
import { loadConfig } from "@/lib/config/config";
import { describeThrough, exitWith, reportInvalid } from "./lib/command-line";

const USAGE = 'usage: npm run user:reset-password -- --email you@example.com [--password "at least 8 characters"]';

async function main() {
  const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" } } });
  const generated = values.password === undefined;
  // 120 random bits, typed or pasted once by the person who asked.
  const password = values.password ?? randomBytes(15).toString("base64url");
  const parsed = adminCommandSchema.safeParse({ command: "user:reset-password", email: values.email, password });
  if (!parsed.success) return reportInvalid(parsed.error, USAGE);
  const { result, through } = await runFromCommandLine(loadConfig(), parsed.data, (message) => console.error(message));
  if (result.command !== "user:reset-password") throw new Error(`unexpected answer ${result.command}`);
  const done = `The password of ${result.email} was reset and all its sessions ended (${describeThrough(through)})`;
  if (!generated) return console.error(`${done}.`);
  console.error(`${done}. New password (shown once):`);
  console.log(password);
}

main().catch(exitWith);
