import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";

export const BENCH_TOKEN = "vas_bench-only-token-not-a-secret-0123456789abcdef";

export interface Service {
  url: string;
  pid: number;
  dataDir: string;
  authHeaders: Record<string, string>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** An existing data directory, kept on stop; by default a new one, removed on stop. */
  dataDir?: string;
  /** Start through `npm start`, as a person does, rather than `next start` itself. */
  npm?: boolean;
  /** Called at once with the started process's id, before it answers. */
  onSpawn?: (pid: number) => void;
}

/** A service on PostgreSQL refuses to start without these; one pair per bench run, shared by its services. */
const POSTGRES_SECRETS = { SECRETS_ENCRYPTION_KEY: randomBytes(32).toString("base64"), AUTH_SECRET: randomBytes(32).toString("base64") };

/** Starts the production build (`next build` first) with its own data directory and a known token. */
export async function startService(port: number, env: Record<string, string> = {}, options: StartOptions = {}): Promise<Service> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "vas-bench-"));
  const serverArgs = ["-p", String(port), "-H", "127.0.0.1"];
  const command = options.npm ? "npm" : path.resolve("node_modules/.bin/next");
  const args = options.npm ? ["start", "--silent", "--", ...serverArgs] : ["start", ...serverArgs];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      ...(options.npm && { PATH: systemPath() }),
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      RATE_LIMIT_PER_MINUTE: "100000000",
      INIT_USER_EMAIL: "bench@example.com",
      INIT_API_TOKEN: BENCH_TOKEN,
      ...(env.DATABASE_URL && POSTGRES_SECRETS),
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  options.onSpawn?.(child.pid!);
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  // Polled often: the footprint bench times start-up by when this returns.
  while (!(await fetch(`${url}/api/health`).then((r) => r.ok, () => false))) {
    if (Date.now() - started > 60_000 || child.exitCode !== null) throw new Error("the service did not start (did you run next build?)");
    await delay(10);
  }
  return {
    url,
    pid: child.pid!,
    dataDir,
    authHeaders: { authorization: `Bearer ${BENCH_TOKEN}`, "content-type": "application/json" },
    async stop() {
      process.kill(-child.pid!, "SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * PATH as a person's shell has it: `npm run bench` put node_modules/.bin first, which would run
 * npm itself on the project's Node 24; a person's `npm start` runs npm on the system's Node.
 */
function systemPath(): string {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((entry) => !entry.endsWith(path.join("node_modules", ".bin")))
    .join(path.delimiter);
}

export async function requestUpload(service: Service, name: string): Promise<{ url: string; tusEndpoint: string; asset: { id: string } }> {
  const response = await fetch(`${service.url}/api/asset/request-upload`, {
    method: "POST",
    headers: service.authHeaders,
    body: JSON.stringify({ name }),
  });
  if (!response.ok) throw new Error(`request-upload answered ${response.status}`);
  return response.json();
}

/** Polls the asset until it is ready or failed: every 20 ms by default, or every `pollMs` where the polling must not take CPU from what is timed. */
export async function waitForAsset(service: Service, id: string, timeoutMs = 600_000, pollMs = 20) {
  const started = Date.now();
  for (;;) {
    const asset = await fetch(`${service.url}/api/asset/${id}`, { headers: service.authHeaders }).then((r) => r.json());
    if (asset.status === "ready" || asset.status === "failed") return asset;
    if (Date.now() - started > timeoutMs) throw new Error(`asset ${id} still ${asset.status}`);
    await delay(pollMs);
  }
}
