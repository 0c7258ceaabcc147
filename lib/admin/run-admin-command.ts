import { setTimeout as delay } from "node:timers/promises";
import type { Config } from "@/lib/config/config";
import { openDatabase } from "@/lib/db/client";
import { DataDirLockedError } from "@/lib/db/data-dir-lock";
import { askRunningServer } from "./admin-client";
import { runAdminCommand, type AdminCommand, type AdminResult } from "./commands";
import { adminSocketPaths } from "./socket-path";

/** A server that holds the embedded database but has not opened its socket yet is starting: wait this long for it. */
const STARTING_SERVER_WAIT_MS = 30_000;

export interface Ran {
  result: AdminResult;
  /** `server`: the running server did it, through its socket; `database`: this process opened the database. */
  through: "server" | "database";
}

/**
 * What the command-line scripts do. PostgreSQL admits many processes: straight to the database.
 * The embedded database admits one: the running server's socket when it listens, else the
 * database itself.
 */
export async function runFromCommandLine(config: Config, command: AdminCommand, onWait: (message: string) => void): Promise<Ran> {
  if (config.databaseUrl) return { result: await runOnDatabase(config, command), through: "database" };
  const deadline = Date.now() + STARTING_SERVER_WAIT_MS;
  let waiting = false;
  for (;;) {
    const answered = await askRunningServer(config.dataDir, command);
    if (answered) return { result: answered, through: "server" };
    try {
      return { result: await runOnDatabase(config, command), through: "database" };
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      const { socket } = adminSocketPaths(config.dataDir);
      if (Date.now() > deadline) {
        throw new DataDirLockedError(
          `${error.message}\nIt did not answer on ${socket} within ${STARTING_SERVER_WAIT_MS / 1000} s: ` +
            "another script, or a server of an older version, holds it.",
        );
      }
      if (!waiting) onWait(`The embedded database is in use; waiting for the server to answer on ${socket}…`);
      waiting = true;
      await delay(500);
    }
  }
}

async function runOnDatabase(config: Config, command: AdminCommand): Promise<AdminResult> {
  const database = await openDatabase({ url: config.databaseUrl, poolSize: config.databasePoolSize, dataDir: config.dataDir });
  try {
    return await runAdminCommand(database.db, command, Date.now());
  } finally {
    await database.close();
  }
}
