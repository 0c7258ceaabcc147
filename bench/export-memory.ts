/**
 * Exports a generated file (default 1 GiB) to IPFS and to a custom URL in one task, with the
 * inline runner, and prints how far this process's resident memory grew above where it was
 * when the export started. The pinning service and the receiver run in a child process (they
 * read every byte, and compute the pins' CIDs), so their memory is not measured.
 *   node --expose-gc --import tsx bench/export-memory.ts [sizeGiB]
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { createApp } from "@/lib/app/app";
import { loadConfig } from "@/lib/config/config";
import { updateAsset } from "@/lib/db/assets";
import { findTask } from "@/lib/db/tasks";
import { insertUser } from "@/lib/db/users";
import { insertSparseUpload } from "./lib/sparse-upload";
import { exportRequestSchema } from "@/lib/export/schemas";
import { startExport } from "@/lib/export/start-export";

const MiB = 1024 ** 2;
const size = Math.round(Number(process.argv[2] ?? 1) * 1024 * MiB);

/** bench/lib/sink-server.ts in a child process: it reads every byte and answers pins with their real CIDs. */
const SINK = `
import { startSink } from "./bench/lib/sink-server.ts";
const sink = await startSink();
console.log(new URL(sink.url).port);
`;

async function main() {
  const sink = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", SINK], { stdio: ["ignore", "pipe", "inherit"] });
  const port = Number(await new Promise<string>((resolve) => createInterface({ input: sink.stdout! }).once("line", resolve)));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-export-bench-"));
  const app = await createApp(
    loadConfig({
      DATA_DIR: dataDir,
      APP_URL: "http://bench.invalid",
      PINNING_API_URL: `http://127.0.0.1:${port}`,
      PINATA_JWT: "bench",
      EXPORT_ALLOWED_HOSTS: `127.0.0.1:${port}`,
    }),
  );
  try {
    const user = await insertUser(app.db, { email: "bench@example.com", createdAt: app.now() });
    const waiting = await insertSparseUpload(app, dataDir, user.id, size);
    const asset = (await updateAsset(app.db, waiting.id, { status: "ready", size, updatedAt: app.now() }))!;

    global.gc?.();
    const before = process.memoryUsage();
    const peak = { ...before };
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
      peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
    }, 20);
    const started = performance.now();
    const task = await startExport(app, app.runner, {
      userId: user.id,
      assetId: asset.id,
      request: exportRequestSchema.parse({ ipfs: {}, custom: { url: `http://127.0.0.1:${port}/upload` } }),
    });
    await app.runner.idle();
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    const done = await findTask(app.db, task.id);
    if (done?.phase !== "completed") throw new Error(`export ended ${done?.phase}: ${done?.errorMessage}`);
    const sent = 2 * size;
    const growth = (key: "rss" | "heapUsed" | "arrayBuffers") => ((peak[key] - before[key]) / MiB).toFixed(1);
    console.log(
      `exported ${(size / MiB).toFixed(0)} MiB to IPFS and a custom URL (${(sent / MiB).toFixed(0)} MiB sent) in ${seconds.toFixed(1)} s ` +
        `(${(sent / MiB / seconds).toFixed(0)} MiB/s)\n` +
        `RSS ${(before.rss / MiB).toFixed(0)} MiB before, ${(peak.rss / MiB).toFixed(0)} MiB at peak: growth ${growth("rss")} MiB\n` +
        `peak growth of the JS heap ${growth("heapUsed")} MiB, of Buffers (arrayBuffers) ${growth("arrayBuffers")} MiB`,
    );
  } finally {
    await app.close();
    sink.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
