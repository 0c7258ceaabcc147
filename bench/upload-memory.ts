/**
 * Uploads a generated file (default 1 GiB) through the local store of a running `next start`
 * and prints the server's resident memory before and at peak during the upload.
 *   npm run build && npx tsx bench/upload-memory.ts [sizeMiB]
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { setTimeout as delay } from "node:timers/promises";

const sizeMiB = Number(process.argv[2] ?? 1024);
const port = 3190;
const token = "vas_bench-only-token-not-a-secret-0123456789abcdef";
const base = `http://127.0.0.1:${port}`;

function rssOfTree(rootPid: number): number {
  let total = 0;
  const visit = (pid: number) => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
      total += Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
      const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
      if (children) children.split(/\s+/).map(Number).forEach(visit);
    } catch {
      // the process ended between listing and reading
    }
  };
  visit(rootPid);
  return total;
}

function generatedBody(bytes: number): Readable {
  const chunk = Buffer.alloc(1 << 20, 7);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) return this.push(null);
      const size = Math.min(chunk.length, bytes - sent);
      sent += size;
      this.push(size === chunk.length ? chunk : chunk.subarray(0, size));
    },
  });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-bench-"));
  const server = spawn("npx", ["next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      MAX_UPLOAD_BYTES: String(2 * 1024 ** 3),
      INIT_USER_EMAIL: "bench@example.com",
      INIT_API_TOKEN: token,
    },
    stdio: "ignore",
    detached: true,
  });
  try {
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (i > 300) throw new Error("server did not start");
      await delay(200);
    }
    const created = await fetch(`${base}/api/asset/request-upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "bench" }),
    }).then((r) => r.json());
    const before = rssOfTree(server.pid!);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOfTree(server.pid!))), 50);
    const bytes = sizeMiB * 1024 * 1024;
    const started = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(created.url, { method: "PUT", headers: { "content-length": bytes } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      request.on("error", reject);
      generatedBody(bytes).pipe(request);
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
    console.log(`upload of ${sizeMiB} MiB: HTTP ${status} in ${seconds.toFixed(1)} s (${(sizeMiB / seconds).toFixed(0)} MiB/s)`);
    console.log(`server RSS before ${mib(before)} MiB, peak ${mib(peak)} MiB, growth ${mib(peak - before)} MiB`);
  } finally {
    process.kill(-server.pid!, "SIGTERM");
    await delay(500);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
