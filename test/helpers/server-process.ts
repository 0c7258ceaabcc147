import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { promisify } from "node:util";
import { withPostgresSecrets } from "./postgres-secrets";
import { pgliteImageFile } from "./test-databases";

export const SERVER_TOKEN = "vas_server-test-token-not-a-secret-0123456789";

export interface ServerProcess {
  url: string;
  port: number;
  /** Everything the server has written to stdout and stderr so far. */
  output(): string;
  /** Sends the signal to the server (SIGKILL: no chance to clean up) and waits for it to end. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Freezes the process (SIGSTOP) as a long pause or a network partition would; `resume` (SIGCONT) thaws it. */
  pause(): void;
  resume(): void;
}

/** A free loopback port. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The production server (`next start` of the build test/setup/build.ts made), as a child process
 * of its own, on `env` (DATA_DIR, DATABASE_URL, …) plus a user with SERVER_TOKEN. Resolves once
 * /api/health answers 200.
 */
export async function startServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  if (env.DATA_DIR && !env.DATABASE_URL) await seedEmbeddedDatabase(env.DATA_DIR);
  const child = spawn(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "start", "-p", String(chosen), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: "",
      INIT_USER_EMAIL: "server-test@example.com",
      INIT_API_TOKEN: SERVER_TOKEN,
      RATE_LIMIT_PER_MINUTE: "100000",
      LOG_LEVEL: "info",
      ...withPostgresSecrets(env),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${chosen}`;
  for (let attempt = 0; ; attempt++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    if (child.exitCode !== null || attempt > 600) {
      child.kill("SIGKILL");
      throw new Error(`the server did not start:\n${output.split("\n").slice(-40).join("\n")}`);
    }
    await delay(100);
  }
  return {
    url,
    port: chosen,
    output: () => output,
    kill: (signal = "SIGTERM") => stop(child, signal),
    pause: () => child.kill("SIGSTOP"),
    resume: () => child.kill("SIGCONT"),
  };
}

/**
 * A server's first start on a new data directory creates its embedded database (initdb in a
 * child process, then every migration): seconds of CPU, for each of the suite's servers. They
 * start from the migrated image the in-process tests use instead; bootstrap.test.ts and
 * data-dir-permissions.test.ts start the real way, their subject being the first start.
 */
async function seedEmbeddedDatabase(dataDir: string): Promise<void> {
  const pgdata = path.join(dataDir, "pglite");
  if (fs.existsSync(pgdata)) return;
  const image = await pgliteImageFile();
  fs.mkdirSync(pgdata, { recursive: true, mode: 0o700 });
  // Not execFileSync: blocking this process would hold up the answers of servers already running (their keep-alive).
  await promisify(execFile)("tar", ["-xf", image, "-C", pgdata]);
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  // A frozen process handles no signal but SIGKILL until it is thawed.
  child.kill("SIGCONT");
  await exited;
}

/** Calls the server's API with the test user's token, or `token` (the answer's contract is checked by test/setup/contract-fetch.ts). */
export async function api(server: ServerProcess, pathname: string, init: RequestInit & { json?: unknown; token?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${init.token ?? SERVER_TOKEN}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  return fetch(`${server.url}${pathname}`, { ...init, headers, body });
}
