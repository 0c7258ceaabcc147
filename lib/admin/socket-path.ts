import fs from "node:fs";
import path from "node:path";

/**
 * The running server's command socket lives in a directory of DATA_DIR that only the user
 * running the server may enter (mode 700): whoever can connect can also read the embedded
 * database's files and secrets.json, so the socket gives no one a power they lacked.
 */
export function adminSocketPaths(dataDir: string): { dir: string; socket: string } {
  const dir = path.join(dataDir, "admin");
  return { dir, socket: path.join(dir, "server.sock") };
}

/** A socket's path is limited to about 100 bytes: the relative one is used when it is shorter. */
export function connectablePath(socket: string): string {
  const relative = path.relative(process.cwd(), socket);
  return relative.length < socket.length ? relative : socket;
}

/**
 * Why the directory must not be trusted, or undefined when it is ours and closed to others:
 * anyone else able to write there could stand in for the server and read the passwords sent.
 */
export function untrustedReason(dir: string): string | undefined {
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory()) return `${dir} is not a directory`;
  if (process.getuid && stat.uid !== process.getuid()) return `${dir} belongs to another user`;
  if ((stat.mode & 0o077) !== 0) return `${dir} is open to other users (it must have mode 700)`;
  return undefined;
}
