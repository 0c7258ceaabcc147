import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import v8 from "node:v8";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const run = promisify(execFile);

/**
 * PostgreSQL's 128 MB of shared buffers live inside PGlite's WebAssembly heap, and PGlite
 * touches all of them at start: 128 MB of resident memory before the first query. The data
 * files are ordinary files, so a block that is not in the buffers comes from the operating
 * system's page cache; on a 40 MB table, 16 MB of buffers answered random lookups as fast.
 */
const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * V8 compiles WebAssembly fast first (Liftoff) and recompiles a function with its optimizing
 * compiler once it has run a little. Under load PostgreSQL's largest functions got hot even at a
 * thousand times V8's budget, and optimizing one of them held 575 MiB of compiler memory for
 * seconds (RSS 300 -> 800 MiB, docs/footprint.md). Liftoff alone costs about 1.5x on a 200k-row
 * scan; small queries ran faster without tiering (3,000 inserts: 3.2 s against 4.9 s), the
 * optimizing compiler no longer taking a core from them. V8 reads these flags when it compiles
 * PGlite's module, on the first open, so PostgreSQL mode never sets them.
 */
const liftoffOnlyFlags = ["--no-wasm-dynamic-tiering", "--no-wasm-tier-up"];

/**
 * The embedded database in `pgdata`, or in memory when it is undefined; an in-memory one starts
 * from `image` (a `dumpDataDir` archive) when given, instead of running initdb.
 */
export async function openPglite(pgdata: string | undefined, image?: Blob): Promise<PGlite> {
  for (const flag of liftoffOnlyFlags) v8.setFlagsFromString(flag);
  if (pgdata) await createFilesInChildProcess(pgdata);
  // pg_trgm: the trigram index of name search (drizzle/0011 creates the extension).
  return PGlite.create(pgdata ?? "memory://", { startParams, extensions: { pg_trgm }, ...(!pgdata && image && { loadDataDir: image }) });
}

/**
 * To create a database's files (initdb), PGlite runs a second WebAssembly instance, copies its
 * heap and passes the result through a tar archive. Done in the server, that left it 130-160 MB
 * larger after a first start than after later ones; a child process gives the memory back when
 * it exits. It writes the files beside `pgdata`, moved in whole, so a first start killed midway
 * leaves no half a database behind. A killed server's child lives on; its own directory name
 * keeps it apart, and the data directory's lock makes any such directory a leftover.
 */
async function createFilesInChildProcess(pgdata: string): Promise<void> {
  if (fs.existsSync(path.join(pgdata, "PG_VERSION"))) return;
  const parent = path.dirname(pgdata);
  const prefix = `${path.basename(pgdata)}.new-`;
  for (const name of fs.readdirSync(parent).filter((name) => name.startsWith(prefix))) {
    fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  const beside = path.join(parent, `${prefix}${process.pid}`);
  await run(process.execPath, [...liftoffOnlyFlags, "-e", CREATE_FILES, beside, JSON.stringify(startParams)]);
  fs.renameSync(beside, pgdata);
}

/** The child resolves PGlite from the working directory, the project root, as `migrationsFolder` does. */
const CREATE_FILES = `
const [pgdata, startParams] = process.argv.slice(1);
require("@electric-sql/pglite").PGlite.create(pgdata, { startParams: JSON.parse(startParams) }).then((pg) => pg.close());
`;
