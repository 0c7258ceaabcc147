import net from "node:net";
import { AdminCommandError, type AdminCommand, type AdminResult } from "./commands";
import { adminSocketPaths, connectablePath, untrustedReason } from "./socket-path";

const ANSWER_TIMEOUT_MS = 30_000;

/** The running server's answer to the command; undefined when no server listens on DATA_DIR's socket. */
export async function askRunningServer(dataDir: string, command: AdminCommand): Promise<AdminResult | undefined> {
  if (process.platform === "win32") return undefined;
  const { dir, socket } = adminSocketPaths(dataDir);
  let untrusted: string | undefined;
  try {
    untrusted = untrustedReason(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  if (untrusted) throw new AdminCommandError(`Not asking the server through ${socket}: ${untrusted}.`);
  const reply = await exchange(connectablePath(socket), `${JSON.stringify(command)}\n`);
  if (reply === undefined) return undefined;
  const answer = JSON.parse(reply) as { ok: true; result: AdminResult } | { ok: false; error: string };
  if (!answer.ok) throw new AdminCommandError(answer.error);
  return answer.result;
}

/** Sends the request and reads the whole answer; undefined when nothing listens (no socket, or a dead server's). */
function exchange(socketPath: string, request: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socketPath);
    let reply = "";
    connection.setEncoding("utf8");
    connection.setTimeout(ANSWER_TIMEOUT_MS, () => connection.destroy(new Error(`the server did not answer on ${socketPath}`)));
    connection.on("connect", () => connection.write(request));
    connection.on("data", (chunk: Buffer | string) => (reply += chunk.toString()));
    connection.on("end", () => resolve(reply));
    connection.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(undefined);
      else reject(error);
    });
  });
}
