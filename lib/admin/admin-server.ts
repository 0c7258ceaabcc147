import fs from "node:fs";
import net from "node:net";
import type { Db } from "@/lib/db/client";
import { log } from "@/lib/log/log";
import { AdminCommandError, adminCommandSchema, runAdminCommand } from "./commands";
import { adminSocketPaths, connectablePath, untrustedReason } from "./socket-path";

const MAX_REQUEST_BYTES = 64 * 1024;
const IDLE_MS = 10_000;

export interface AdminServer {
  close(): Promise<void>;
}

/**
 * Runs the command-line scripts' commands (`npm run token:create`, `npm run user:reset-password`)
 * for them while this process holds the embedded database, which admits one process. A Unix
 * socket in DATA_DIR, not an HTTP route: it is reachable from this machine only, by the user
 * running the server (see socket-path.ts). Undefined where it cannot be opened (Windows, a path
 * too long, a directory we do not own): the scripts then say to stop the server.
 */
export async function startAdminServer(deps: { db: Db; dataDir: string; now(): number }): Promise<AdminServer | undefined> {
  if (process.platform === "win32") return undefined;
  const { dir, socket } = adminSocketPaths(deps.dataDir);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.chmodSync(dir, 0o700);
    const untrusted = untrustedReason(dir);
    if (untrusted) throw new Error(untrusted);
    // This process holds the data directory's lock: a socket left there is a dead process's.
    fs.rmSync(socket, { force: true });
    const server = net.createServer((connection) => serve(connection, deps));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(connectablePath(socket), resolve);
    });
    return {
      close: async () => {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        fs.rmSync(socket, { force: true });
      },
    };
  } catch (error) {
    log.warn("admin", `the command socket ${socket} could not be opened: npm run token:create will need the server stopped`, error);
    return undefined;
  }
}

/** One JSON request line in, one JSON answer line out. */
function serve(connection: net.Socket, deps: { db: Db; now(): number }): void {
  connection.setTimeout(IDLE_MS, () => connection.destroy());
  connection.setEncoding("utf8");
  let input = "";
  const onData = (chunk: Buffer | string) => {
    input += chunk.toString();
    if (input.length > MAX_REQUEST_BYTES) return void connection.destroy();
    const end = input.indexOf("\n");
    if (end < 0) return;
    connection.off("data", onData);
    void answer(input.slice(0, end), deps).then((reply) => connection.end(`${JSON.stringify(reply)}\n`));
  };
  connection.on("data", onData);
  connection.on("error", () => {});
}

async function answer(line: string, deps: { db: Db; now(): number }): Promise<{ ok: true; result: unknown } | { ok: false; error: string }> {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return { ok: false, error: "the request is not JSON" };
  }
  const parsed = adminCommandSchema.safeParse(request);
  if (!parsed.success) return { ok: false, error: parsed.error.issues.map((issue) => `--${issue.path.join(".")}: ${issue.message}`).join("; ") };
  try {
    const result = await runAdminCommand(deps.db, parsed.data, deps.now());
    log.info("admin", `${parsed.data.command} ran for a command-line script`);
    return { ok: true, result };
  } catch (error) {
    if (error instanceof AdminCommandError) return { ok: false, error: error.message };
    log.error("admin", `${parsed.data.command} failed`, error);
    return { ok: false, error: "the server could not do it: its log says why" };
  }
}
