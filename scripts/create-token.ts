/**
 * Prints a new API token for a user, creating the user when needed:
 *   npm run token:create -- --email you@example.com [--name "my backend"]
 * With the embedded database, stop the server first (one process at a time may open it).
 */
import { parseArgs } from "node:util";
import { registerApiToken } from "@/lib/auth/api-tokens";
import { findOrCreateUser } from "@/lib/auth/ensure-user";
import { loadConfig } from "@/lib/config/config";
import { openDatabase } from "@/lib/db/client";

async function main() {
  const { values } = parseArgs({
    options: { email: { type: "string" }, name: { type: "string", default: "cli" } },
  });
  if (!values.email) {
    console.error('usage: npm run token:create -- --email you@example.com [--name "my backend"]');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, poolSize: config.databasePoolSize, dataDir: config.dataDir });
  try {
    const now = Date.now();
    const { user, created } = await findOrCreateUser(database.db, { email: values.email, now });
    const { token } = await registerApiToken(database.db, { userId: user.id, name: values.name, now });
    console.error(`${created ? "Created user" : "User"} ${user.email}; new API token (shown once):`);
    console.log(token);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
