/** Applies the committed migrations (the server also does this at start). */
import { loadConfig } from "@/lib/config/config";
import { openDatabase } from "@/lib/db/client";

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, poolSize: config.databasePoolSize, dataDir: config.dataDir });
await database.close();
console.log(`migrations applied (${database.kind})`);
