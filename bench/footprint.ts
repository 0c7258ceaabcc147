/**
 * 6. Footprint on embedded defaults (PGlite) against PostgreSQL (`DATABASE_URL`), both with the
 * same production build. For each database, as DESIGN.md section 16 measures it: the resident
 * memory of `npm start`'s whole process tree (npm, its shell, next-server and any child), the
 * peak of 5 s of samples taken after the first healthy /api/health and the first rendered /sign-in; the time from `npm start` to each of the
 * two, on an existing data directory (and database); and how far resident memory grows under
 * the concurrency bench's load. The two databases alternate for a few rounds and the median
 * counts, so a machine that slows down during the run moves both alike.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import postgres from "postgres";
import { REQUESTS, runConcurrentUploads, UPLOADS } from "./concurrency";
import { mib, rssOfDescendants, rssOfTree, sampleMemory } from "./lib/memory";
import { round, type BenchResult } from "./lib/results";
import { startService } from "./lib/service";

const ROUNDS = Number(process.env.BENCH_FOOTPRINT_ROUNDS ?? 3);
const PORT = 3197;
/** Lets work the server started in the background (compiling, collecting) settle before measuring load. */
const SETTLE_MS = 2000;
/** DESIGN.md section 16: the peak of this long a window of samples after the first page. */
const PEAK_WINDOW_MS = 5000;

interface Setup {
  name: string;
  dataDir: string;
  env: Record<string, string>;
}

interface Start {
  /** Seconds from `npm start` to the first healthy /api/health, then to the first rendered /sign-in. */
  toHealth: number;
  toSignIn: number;
  /** `npm start`'s whole process tree, npm included: the peak of PEAK_WINDOW_MS after the first page. */
  rssMiB: number;
  /** The same without npm itself (what `npm start` runs). */
  serverMiB: number;
  /** The most it held while starting, child processes included. */
  peakMiB: number;
}

async function measureStart(setup: Setup): Promise<Start> {
  let memory: ReturnType<typeof sampleMemory> | undefined;
  const started = performance.now();
  const service = await startService(PORT, setup.env, {
    dataDir: setup.dataDir,
    npm: true,
    onSpawn: (pid) => (memory = sampleMemory(pid, rssOfDescendants)),
  });
  try {
    const toHealth = (performance.now() - started) / 1000;
    const signIn = await fetch(`${service.url}/sign-in`);
    if (signIn.status !== 200) throw new Error(`/sign-in answered ${signIn.status} on ${setup.name}`);
    await signIn.text();
    const toSignIn = (performance.now() - started) / 1000;
    const tree = sampleMemory(service.pid, rssOfTree);
    const server = sampleMemory(service.pid, rssOfDescendants);
    await delay(PEAK_WINDOW_MS);
    return { toHealth, toSignIn, rssMiB: mib(tree.stop().peak), serverMiB: mib(server.stop().peak), peakMiB: mib(memory!.stop().peak) };
  } finally {
    await service.stop();
  }
}

async function measureLoad(setup: Setup) {
  const service = await startService(PORT, setup.env, { dataDir: setup.dataDir, npm: true });
  try {
    await delay(SETTLE_MS);
    const memory = sampleMemory(service.pid, rssOfDescendants);
    const load = await runConcurrentUploads(service);
    return { ...load, ...memory.stop() };
  } finally {
    await service.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const pair = (values: number[], digits: number) => values.map((value) => round(value, digits)).join(" / ");

export async function benchFootprint(databaseUrl: string): Promise<BenchResult> {
  const name = `vas_footprint_${Date.now()}`;
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const embedded: Setup = {
    name: "embedded",
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "vas-footprint-")),
    env: {},
  };
  const server: Setup = {
    name: "PostgreSQL",
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "vas-footprint-")),
    env: { DATABASE_URL: url.toString() },
  };
  try {
    // The first start creates the embedded database's files, or migrates the new PostgreSQL database.
    const firstStarts = [await measureStart(embedded), await measureStart(server)];
    const starts: Record<string, Start[]> = { [embedded.name]: [], [server.name]: [] };
    for (let i = 0; i < ROUNDS; i++) {
      for (const setup of [embedded, server]) starts[setup.name].push(await measureStart(setup));
    }
    const loads = [await measureLoad(embedded), await measureLoad(server)];
    const medianOf = (setup: Setup, key: keyof Start) => median(starts[setup.name].map((start) => start[key]));
    const bothMedians = (key: keyof Start, digits: number) =>
      pair([medianOf(embedded, key), medianOf(server, key)], digits);
    const idle = medianOf(embedded, "rssMiB");
    const extraStart = medianOf(embedded, "toHealth") - medianOf(server, "toHealth");
    const [embeddedLoad, serverLoad] = loads;
    return {
      title: `footprint, embedded (PGlite) / PostgreSQL: median of ${ROUNDS} alternating starts`,
      figures: {
        "npm start's process tree (npm included), peak of 5 s after the first health check and page, MiB": bothMedians("rssMiB", 0),
        "the same without npm (shell and next-server), MiB": bothMedians("serverMiB", 0),
        "embedded process tree, every round, MiB": starts[embedded.name].map((start) => round(start.rssMiB, 0)).join(", "),
        "npm start to first healthy /api/health, s": bothMedians("toHealth", 2),
        "npm start to first rendered /sign-in, s": bothMedians("toSignIn", 2),
        "first start (new data directory, new database): RSS MiB": pair(
          firstStarts.map((s) => s.rssMiB),
          0,
        ),
        "first start: peak RSS while starting, child processes included, MiB": pair(
          firstStarts.map((s) => s.peakMiB),
          0,
        ),
        "first start: npm start to healthy, s": pair(
          firstStarts.map((s) => s.toHealth),
          2,
        ),
        [`RSS before / peak under ${REQUESTS} + ${UPLOADS} load, MiB`]: loads
          .map((l) => `${round(mib(l.before), 0)}-${round(mib(l.peak), 0)}`)
          .join(" / "),
        "load wall time s": pair(
          loads.map((l) => l.seconds),
          2,
        ),
      },
      checks: [
        { name: "embedded: npm start's process tree after start", value: `${round(idle, 0)} MiB`, target: "< 300 MiB", ok: idle < 300 },
        {
          name: `embedded RSS growth under ${REQUESTS} + ${UPLOADS} load`,
          value: `${round(mib(embeddedLoad.growth), 0)} MiB (PostgreSQL: ${round(mib(serverLoad.growth), 0)} MiB)`,
          target: "< 200 MiB",
          ok: mib(embeddedLoad.growth) < 200,
        },
        {
          name: "start to healthy, embedded minus PostgreSQL",
          value: `${round(extraStart, 2)} s`,
          target: "< 2 s",
          ok: extraStart < 2,
        },
        {
          name: "load: every asset ready, no error, no lost row",
          value: loads
            .map((l) => `${l.ready}/${UPLOADS} ready, ${l.requestErrors + l.putErrors} errors, ${l.listed} rows`)
            .join(" / "),
          target: `${UPLOADS}/${UPLOADS} ready, 0 errors, ${REQUESTS} rows`,
          ok: embeddedLoad.ok && serverLoad.ok,
        },
      ],
    };
  } finally {
    for (const setup of [embedded, server]) fs.rmSync(setup.dataDir, { recursive: true, force: true });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
