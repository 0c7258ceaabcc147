import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

/**
 * PGlite is single-process: two processes writing one data directory corrupt it. Hold an
 * exclusive lock file for the process lifetime; a lock left by a dead process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, "db.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      const release = () => fs.rmSync(lockFile, { force: true });
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lockFile, "utf8"));
      if (holder === process.pid || isAlive(holder)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is in use by process ${holder}. ` +
            "Only one process can open it: stop that process (for example the dev server) and try again, " +
            "or set DATABASE_URL to use PostgreSQL.",
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the embedded database in ${dir}`);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
