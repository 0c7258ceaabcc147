/**
 * Fills a database with generated assets and tasks by SQL:
 *   npm run bench:seed -- --assets 1000000
 * The database is DATABASE_URL's, else the embedded one in DATA_DIR (stop the server first: it
 * holds the data directory). Options: --email (default seed@example.com), --password, --token
 * (an API token to register for the account), --tasks (default 30% of --assets).
 */
import { parseArgs } from "node:util";
import { loadConfig } from "@/lib/config/config";
import { openDatabase } from "@/lib/db/client";
import { seedAccount, vacuumAnalyze } from "./lib/seed";

const { values } = parseArgs({
  options: {
    assets: { type: "string" },
    tasks: { type: "string" },
    email: { type: "string", default: "seed@example.com" },
    password: { type: "string" },
    token: { type: "string" },
  },
});

const assets = Number(values.assets);
if (!Number.isSafeInteger(assets) || assets < 0) throw new Error("--assets must be a whole number, e.g. --assets 1000000");
const tasks = values.tasks === undefined ? Math.round(assets * 0.3) : Number(values.tasks);

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, statementTimeoutMs: 0 });
try {
  const started = performance.now();
  await seedAccount(database.db, { email: values.email, password: values.password, token: values.token, assets, tasks });
  const inserted = performance.now();
  await vacuumAnalyze(database.db);
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `${values.email}: ${assets} assets and about ${tasks} tasks in ${seconds(inserted - started)} s, ` +
      `vacuum analyze ${seconds(performance.now() - inserted)} s (${database.kind})`,
  );
} finally {
  await database.close();
}
