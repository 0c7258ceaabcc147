import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { transactionFailure } from "./errors";
import { lockDataDir } from "./data-dir-lock";
import { protectDataDir, restrictTree } from "./private-data-dir";
import { openPglite } from "./pglite";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel`, from any connection or node,
   * and `onListen` each time listening (re)starts (notifications sent meanwhile are lost);
   * resolves to a stop function.
   */
  listen(channel: string, onNotify: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(process.cwd(), "drizzle");

/** postgres.js pipelines queries on a busy connection, so a few connections carry many requests. */
const DEFAULT_POOL_SIZE = 5;

/**
 * With the database unreachable a request must fail within seconds (a 503 saying so), not wait
 * out the driver's 30 s connect timeout or a statement that never ends.
 */
const CONNECT_TIMEOUT_SECONDS = 3;
const STATEMENT_TIMEOUT_MS = 10_000;
/** A transaction left open by a client that went away stops holding its locks. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;
/**
 * Seconds before a failed connection is tried again: queries wait for it, so postgres.js's
 * default (growing to 20 s) would hold requests far past the 5 s a 503 must come within.
 * Full jitter, at most a second: nodes do not reconnect in lockstep.
 */
const reconnectBackoff = (retries: number) => Math.random() * Math.min(0.05 * 2 ** retries, 1);

/** Any number that names our migration lock among the database's advisory locks. */
const MIGRATION_LOCK = 7_346_201;

/**
 * Applies the migrations on PostgreSQL under an advisory lock, on a connection of its own: nodes
 * starting together take turns, and the later ones find nothing left to do.
 */
async function migrateOnce(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** `db` whose transactions that cannot connect fail as the database's unavailability (errors.ts). */
function withTransactionFailures<T extends Db>(db: T): T {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<Db["transaction"]>) => {
    try {
      return await transaction(...args);
    } catch (error) {
      throw transactionFailure(error);
    }
  }) as Db["transaction"];
  return db;
}

/**
 * `{ url }` selects PostgreSQL; `{ dataDir }` embedded PGlite on disk; neither, PGlite in memory,
 * started from `image` (migratedPgliteImage) when given.
 */
export async function openDatabase(options: {
  url?: string;
  poolSize?: number;
  dataDir?: string;
  image?: Blob;
  /** PostgreSQL's cap on one statement; 0 for none, for bulk loads and maintenance (bench:seed). */
  statementTimeoutMs?: number;
}): Promise<Database> {
  if (options.url) {
    await migrateOnce(options.url);
    const client = postgres(options.url, {
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      onnotice: () => {},
      connect_timeout: CONNECT_TIMEOUT_SECONDS,
      backoff: reconnectBackoff,
      connection: { statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS, idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS },
    });
    return {
      db: withTransactionFailures(drizzlePostgres(client, { schema })),
      kind: "postgres",
      async listen(channel, onNotify, onListen) {
        const { unlisten } = await client.listen(channel, (payload) => onNotify(payload), onListen);
        return unlisten;
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  if (options.dataDir) protectDataDir(options.dataDir);
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    const directory = options.dataDir ? path.join(options.dataDir, "pglite") : undefined;
    const client = await openPglite(directory, options.image);
    if (directory) restrictTree(directory);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: "pglite",
      listen: (channel, onNotify, onListen) => client.listen(channel, (payload) => onNotify(payload)).then((stop) => (onListen?.(), stop)),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * An archive of a new in-memory database with every migration applied. Starting PGlite from it
 * skips initdb and the migrations, about four fifths of an in-memory open: the tests open
 * hundreds of databases and keep one such image per set of migrations.
 */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = await openPglite(undefined);
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}
