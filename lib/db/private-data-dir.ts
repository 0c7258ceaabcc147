import fs from "node:fs";
import path from "node:path";
import { isMainThread } from "node:worker_threads";

const protectedDirs = new Set<string>();

/**
 * DATA_DIR holds the embedded database (password hashes in its WAL), stored videos and generated
 * secrets: only the account running the service may open it. It is made 700 with every directory
 * under it 700 and every file 600, fixing what earlier versions left readable, and this process
 * creates files 600 from now on (its umask, which child processes inherit). Once per process.
 */
export function protectDataDir(dir: string): void {
  const root = path.resolve(dir);
  if (protectedDirs.has(root)) return;
  // Worker threads share the process's umask and may not set it.
  if (isMainThread) process.umask(0o077);
  fs.mkdirSync(root, { recursive: true, mode: 0o700 });
  restrictTree(root);
  protectedDirs.add(root);
}

/**
 * Directories under `entry` 700, files 600. PGlite creates its files 666 whatever the umask:
 * DATA_DIR's own 700 closes them to others, and each start makes them 600 too.
 */
export function restrictTree(entry: string): void {
  const stats = fs.lstatSync(entry, { throwIfNoEntry: false });
  if (!stats || stats.isSymbolicLink()) return;
  if (stats.isDirectory()) {
    if ((stats.mode & 0o777) !== 0o700) fs.chmodSync(entry, 0o700);
    for (const name of fs.readdirSync(entry)) restrictTree(path.join(entry, name));
  } else if (stats.isFile() && (stats.mode & 0o777 & ~0o600) !== 0) {
    fs.chmodSync(entry, stats.mode & 0o600);
  }
}
