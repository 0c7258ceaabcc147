/**
 * Imports a generated N GiB MP4 (default 2) from a local HTTP source through
 * `POST /api/asset/upload/url` (the route's own handler, in this process), on the local store and on
 * S3 (s3rver, in a child process so its memory is not counted), and samples this process's resident
 * memory every 100 ms until the import task has ended: the fetch streamed to storage, then the
 * upload check (MP4 probe, sha256 and CID) reading the stored file. The baseline reads the same
 * HTTP stream with `fetch` and drops it. Writes its section of bench/RESULTS.md.
 *   nice node --expose-gc --import tsx bench/import-memory.ts [sizeGiB] [local,s3]
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import * as importRoute from "@/app/api/asset/upload/url/route";
import { createApp, setApp } from "@/lib/app/app";
import { registerApiToken } from "@/lib/auth/api-tokens";
import { loadConfig } from "@/lib/config/config";
import { findAsset } from "@/lib/db/assets";
import { insertUser } from "@/lib/db/users";
import { callRoute } from "../test/helpers/call-route";
import { createTestBucket } from "../test/helpers/s3-server";
import { describeMachine } from "./lib/machine";
import type { Check } from "./lib/results";

const MiB = 1024 ** 2;
const GROWTH_TARGET_MIB = 100;
const SAMPLE_MS = 100;
const MARKER = "<!-- bench:import-memory -->";
const resultsFile = path.resolve("bench/RESULTS.md");

/** The child that holds s3rver: prints its bucket's environment, stops when its stdin closes. */
async function s3rverChild() {
  const bucket = await createTestBucket();
  console.log(JSON.stringify(bucket.env));
  process.stdin.resume();
  process.stdin.on("end", () => void bucket.release().then(() => process.exit(0)));
}

// ---------------------------------------------------------------------------------------------
// The source: the moov-at-the-end fixture with a top-level `free` box of zeros before its `moov`
// (as test/helpers/large-mp4.ts makes on disk), generated while it is sent, never held whole.

function moovOffset(bytes: Buffer): number {
  for (let offset = 0; offset + 8 <= bytes.length; offset += bytes.readUInt32BE(offset)) {
    if (bytes.toString("latin1", offset + 4, offset + 8) === "moov") return offset;
  }
  throw new Error("no moov box");
}

function paddedMp4(size: number) {
  const fixture = fs.readFileSync(path.resolve("test/fixtures/media/h264-aac-moov-end.mp4"));
  const moov = moovOffset(fixture);
  const padding = size - fixture.length - 8;
  if (padding < 0 || 8 + padding > 0xffffffff) throw new Error(`a free box cannot pad the fixture to ${size} bytes`);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + padding);
  header.write("free", 4, "latin1");
  const zeros = Buffer.alloc(MiB);
  const parts: Array<Buffer | number> = [fixture.subarray(0, moov), header, padding, fixture.subarray(moov)];
  /** The bytes from `start` on, in chunks of at most 1 MiB. */
  async function* bytesFrom(start: number) {
    let skip = start;
    for (const part of parts) {
      const length = typeof part === "number" ? part : part.length;
      if (skip >= length) {
        skip -= length;
        continue;
      }
      if (typeof part !== "number") yield part.subarray(skip);
      else for (let left = length - skip; left > 0; left -= MiB) yield zeros.subarray(0, Math.min(MiB, left));
      skip = 0;
    }
  }
  return { size, bytesFrom };
}

async function startSource(file: ReturnType<typeof paddedMp4>) {
  let served = 0;
  let lastEnded = 0;
  const server = http.createServer((req, res) => {
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? "");
    const ifRange = req.headers["if-range"];
    const start = range && (ifRange === undefined || ifRange === '"v1"') ? Number(range[1]) : 0;
    const headers = {
      "content-type": "video/mp4",
      "accept-ranges": "bytes",
      etag: '"v1"',
      "content-length": String(file.size - start),
    };
    if (start > 0) res.writeHead(206, { ...headers, "content-range": `bytes ${start}-${file.size - 1}/${file.size}` });
    else res.writeHead(200, headers);
    const body = Readable.from(file.bytesFrom(start));
    body.on("data", (chunk: Buffer) => (served += chunk.length));
    pipeline(body, res).then(
      () => (lastEnded = performance.now()),
      () => {},
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/video.mp4`,
    host: `127.0.0.1:${port}`,
    served: () => served,
    lastEnded: () => lastEnded,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------

interface Measured {
  seconds: number;
  before: number;
  peak: number;
  after: number;
  samples: number;
  /** The highest sample in the first and in the second half of the run: flat if they match. */
  halves: [number, number];
}

async function measured(work: () => Promise<void>): Promise<Measured> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  const rss: number[] = [];
  const sampler = setInterval(() => rss.push(process.memoryUsage().rss), SAMPLE_MS);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  rss.push(process.memoryUsage().rss);
  const half = Math.ceil(rss.length / 2);
  const halves: [number, number] = [Math.max(before, ...rss.slice(0, half)), Math.max(...rss.slice(half))];
  global.gc?.();
  return { seconds, before, peak: Math.max(...halves), after: process.memoryUsage().rss, samples: rss.length, halves };
}

const mib = (bytes: number) => (bytes / MiB).toFixed(0);
const growth = (m: Measured) => (m.peak - m.before) / MiB;

async function baseline(url: string, size: number) {
  let read = 0;
  const m = await measured(async () => {
    const response = await fetch(url);
    const reader = response.body!.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) read += chunk.value.length;
  });
  if (read !== size) throw new Error(`the baseline read ${read} bytes of ${size}`);
  return m;
}

async function startS3rver(): Promise<{ env: Record<string, string>; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", import.meta.filename, "--s3rver-child"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`s3rver's child ended (${code})`)));
  });
  return { env: JSON.parse(line), child };
}

async function importOnce(store: "local" | "s3", source: Awaited<ReturnType<typeof startSource>>, size: number) {
  const s3 = store === "s3" ? await startS3rver() : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-import-bench-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_URL: "http://bench.invalid",
    EXPORT_ALLOWED_HOSTS: source.host,
    ...s3?.env,
  });
  const app = await createApp(config);
  setApp(app);
  try {
    const user = await insertUser(app.db, { email: `bench-${store}@example.com`, createdAt: app.now() });
    const { token } = await registerApiToken(app.db, { userId: user.id, name: "bench", now: app.now() });
    const servedBefore = source.served();
    let assetId = "";
    let streamedSeconds = 0;
    const m = await measured(async () => {
      const started = performance.now();
      const response = await callRoute(importRoute.POST, "/api/asset/upload/url", {
        token,
        json: { name: "bench", url: source.url },
      });
      if (response.status !== 201) throw new Error(`the import answered ${response.status}: ${await response.text()}`);
      assetId = (await response.json()).asset.id;
      await app.runner.idle();
      streamedSeconds = (source.lastEnded() - started) / 1000;
    });
    const asset = await findAsset(app.db, assetId);
    const stored = await app.storage.stat(`assets/${assetId}/source`);
    const result = {
      store,
      m,
      streamedSeconds,
      status: asset?.status ?? "missing",
      error: asset?.errorMessage ?? null,
      assetSize: asset?.size ?? null,
      storedSize: stored?.size ?? null,
      sourceBytesSent: source.served() - servedBefore,
      s3rverRss: s3?.child.pid ? rssOf(s3.child.pid) : undefined,
    };
    if (result.storedSize !== size)
      throw new Error(`${store}: stored ${result.storedSize} bytes of ${size} (${result.status}: ${result.error})`);
    return result;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (s3) {
      s3.child.stdin!.end();
      await new Promise((resolve) => s3.child.once("exit", resolve));
    }
  }
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
}

async function main() {
  const gib = Number(process.argv[2] ?? 2);
  const stores = (process.argv[3] ?? "local,s3").split(",") as Array<"local" | "s3">;
  const size = Math.round(gib * 1024 * MiB);
  const file = paddedMp4(size);
  const source = await startSource(file);
  const figures: Array<[string, string]> = [];
  const checks: Check[] = [];
  try {
    const base = await baseline(source.url, size);
    const baseGrowth = growth(base);
    console.log(
      `baseline: ${(size / MiB / base.seconds).toFixed(0)} MiB/s, RSS ${mib(base.before)} → ${mib(base.peak)} MiB (growth ${baseGrowth.toFixed(1)})`,
    );
    figures.push(
      ["source bytes (a valid MP4: fixture + `free` box of zeros)", String(size)],
      [
        "baseline: `fetch` of the same source, body dropped, s (MiB/s)",
        `${base.seconds.toFixed(1)} (${(size / MiB / base.seconds).toFixed(0)})`,
      ],
      [
        "baseline RSS before / peak / after MiB (growth)",
        `${mib(base.before)} / ${mib(base.peak)} / ${mib(base.after)} (${baseGrowth.toFixed(1)})`,
      ],
    );
    for (const store of stores) {
      const r = await importOnce(store, source, size);
      const g = growth(r.m);
      console.log(`${store}:`, { ...r, growthMiB: g.toFixed(1) });
      const label = store === "s3" ? "S3 (s3rver, another process)" : "local store";
      figures.push(
        [`${label}: asset status, size`, `${r.status}${r.error ? ` (${r.error})` : ""}, ${r.assetSize}`],
        [
          `${label}: source streamed to storage s (MiB/s)`,
          `${r.streamedSeconds.toFixed(1)} (${(size / MiB / r.streamedSeconds).toFixed(0)})`,
        ],
        [
          `${label}: whole task (stream + check) s (MiB/s of the file)`,
          `${r.m.seconds.toFixed(1)} (${(size / MiB / r.m.seconds).toFixed(0)})`,
        ],
        [
          `${label}: RSS before / peak / after MiB (${r.m.samples} samples)`,
          `${mib(r.m.before)} / ${mib(r.m.peak)} / ${mib(r.m.after)}`,
        ],
        [`${label}: RSS peak in the task's first / second half MiB`, `${mib(r.m.halves[0])} / ${mib(r.m.halves[1])}`],
        [
          `${label}: RSS growth MiB (× baseline's)`,
          `${g.toFixed(1)} (${baseGrowth > 0 ? (g / baseGrowth).toFixed(1) : "n/a"}×)`,
        ],
      );
      if (r.s3rverRss !== undefined)
        figures.push([`${label}: s3rver's own RSS at the end MiB (not counted)`, mib(r.s3rverRss)]);
      checks.push({
        name: `RSS growth importing ${gib} GiB, ${label}`,
        value: `${g.toFixed(1)} MiB`,
        target: `< ${GROWTH_TARGET_MIB} MiB`,
        ok: r.status === "ready" && g < GROWTH_TARGET_MIB,
      });
    }
  } finally {
    await source.close();
  }
  const command = `nice node --expose-gc --import tsx bench/import-memory.ts ${gib} ${stores.join(",")}`;
  const lines = [
    MARKER,
    `## importing a ${(size / MiB).toFixed(0)} MiB file from a URL (\`${command}\`)`,
    "",
    `Run on ${new Date().toISOString().slice(0, 10)}, by hand (not part of \`npm run bench\`), on ${describeMachine()}, a shared machine.`,
    "The source is a local `node:http` server in this process (Content-Length, Accept-Ranges) sending the",
    "moov-at-the-end fixture with a top-level `free` box of zeros, generated as it is sent, so the file is a",
    "valid MP4. The import goes through `POST /api/asset/upload/url`'s own handler; the task runs inline in",
    `this process to its end (the file streamed to storage, then the upload check reading it back). RSS of this`,
    `process is sampled every ${SAMPLE_MS} ms; growth = peak − before. The baseline reads the same source with \`fetch\``,
    "and drops the bytes.",
    "",
    "| figure | value |",
    "|---|---|",
    ...figures.map(([name, value]) => `| ${name} | ${value} |`),
    "",
    "| check | measured | target | |",
    "|---|---|---|---|",
    ...checks.map((c) => `| ${c.name} | ${c.value} | ${c.target} | ${c.ok ? "meets" : "misses"} |`),
    "",
    "The source server runs in this process, so its sockets and buffers count in the baseline and in both",
    "imports alike: the baseline's growth is what streaming any HTTP body through this process costs, and an",
    "import's growth is close to it, flat across the task (the two halves' peaks) while 2 GiB pass. The",
    "throughputs vary several-fold between runs on this shared machine; the memory figures do not.",
  ];
  writeSection(`${lines.join("\n")}\n`);
  console.log(`\n${lines.join("\n")}\n\nwritten to bench/RESULTS.md`);
  if (checks.some((c) => !c.ok)) process.exitCode = 1;
}

/** Replaces this bench's section of RESULTS.md (from its marker to the next), or appends it. */
function writeSection(section: string) {
  const text = fs.readFileSync(resultsFile, "utf8");
  const start = text.indexOf(MARKER);
  if (start < 0) return fs.writeFileSync(resultsFile, `${text.trimEnd()}\n\n${section}`);
  const next = text.indexOf("<!-- bench:", start + MARKER.length);
  const rest = next < 0 ? "" : `\n${text.slice(next)}`;
  fs.writeFileSync(resultsFile, `${text.slice(0, start)}${section}${rest}`);
}

if (process.argv.includes("--s3rver-child")) await s3rverChild();
else await main();
