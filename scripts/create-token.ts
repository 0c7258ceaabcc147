/**
 * Prints a new API token for a user, creating the user when needed:
 *   npm run token:create -- --email you@example.com [--password "at least 8 characters"] [--name "my backend"]
 * With --password the user can also sign in to the dashboard (an existing user's password is replaced).
 * With the embedded database, stop the server first (one process at a time may open it).
 */
import { parseArgs } from "node:util";
import { createUserToken, createUserTokenSchema } from "@/lib/auth/create-user-token";
import { loadConfig } from "@/lib/config/config";
import { openDatabase } from "@/lib/db/client";

const USAGE = 'usage: npm run token:create -- --email you@example.com [--password "at least 8 characters"] [--name "my backend"]';

async function main() {
  const { values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string", default: "cli" } },
  });
  const parsed = createUserTokenSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path.join(".")}: ${issue.message}`);
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, poolSize: config.databasePoolSize, dataDir: config.dataDir });
  try {
    const { user, created, passwordSet, token } = await createUserToken(database.db, parsed.data, Date.now());
    const signIn = passwordSet ? "; it can sign in to the dashboard with that password" : "";
    console.error(`${created ? "Created user" : "User"} ${user.email}${signIn}. New API token (shown once):`);
    console.log(token);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
