/**
 * 1. request-upload under load: 50 concurrent clients for 20 s against `next start` on PostgreSQL,
 * against the same server's no-op liveness handler as the baseline. The two alternate for a few
 * rounds and the median round counts, so a machine that speeds up or slows down during the run
 * (a shared VM does) moves both sides of a ratio alike.
 */
import autocannon from "autocannon";
import postgres from "postgres";
import { round, type BenchResult } from "./lib/results";
import { startService, type Service } from "./lib/service";

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 3);

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
}

async function load(
  service: Service,
  path: string,
  init: { method: "GET" | "POST"; body?: string },
  connections = CONNECTIONS,
  seconds = DURATION_SECONDS,
): Promise<Load> {
  const result = await autocannon({
    url: service.url + path,
    connections,
    duration: seconds,
    method: init.method,
    headers: service.authHeaders,
    body: init.body,
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors, total: result.requests.total };
}

const noop = (service: Service) => load(service, "/api/health/live", { method: "GET" });

/** request-upload from `connections` clients for `seconds`. */
export const requestUploadLoad = (service: Service, connections = CONNECTIONS, seconds = DURATION_SECONDS) =>
  load(service, "/api/asset/request-upload", { method: "POST", body: JSON.stringify({ name: "load test" }) }, connections, seconds);

export interface Comparison {
  baseline: Load;
  upload: Load;
  ratio: number;
  /** Every round's ratio, in order. */
  ratios: number[];
  errors: number;
  uploadRequests: number;
}

/** request-upload against the no-op handler, 50 clients, alternating for ROUNDS rounds: the median round. */
export async function compareWithNoop(service: Service): Promise<Comparison> {
  await noop(service);
  await requestUploadLoad(service);
  const rounds: Array<{ baseline: Load; upload: Load; ratio: number }> = [];
  for (let i = 0; i < ROUNDS; i++) {
    const baseline = await noop(service);
    const upload = await requestUploadLoad(service);
    rounds.push({ baseline, upload, ratio: upload.rps / baseline.rps });
  }
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
  const errors = rounds.reduce((sum, r) => sum + r.baseline.errors + r.upload.errors, 0);
  const uploadRequests = rounds.reduce((sum, r) => sum + r.upload.total, 0);
  return { ...median, ratios: rounds.map((r) => r.ratio), errors, uploadRequests };
}

export async function benchRequestUploadLoad(databaseUrl: string): Promise<BenchResult> {
  const name = `vas_bench_${Date.now()}`;
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const service = await startService(3191, { DATABASE_URL: url.toString() });
  try {
    const { baseline, upload, ratio, ratios, errors, uploadRequests } = await compareWithNoop(service);
    return {
      title: `request-upload, ${CONNECTIONS} clients, ${DURATION_SECONDS} s, PostgreSQL, rate limits shared in the database (median of ${ROUNDS} alternating rounds)`,
      figures: {
        "rate vs baseline, every round": ratios.map((r) => `${round(r * 100, 1)}%`).join(", "),
        "baseline (no-op handler) req/s": round(baseline.rps),
        "baseline p50/p99 ms": `${baseline.p50}/${baseline.p99}`,
        "request-upload req/s": round(upload.rps),
        "request-upload p50/p99 ms": `${upload.p50}/${upload.p99}`,
        "request-upload requests, all rounds": uploadRequests,
      },
      checks: [
        { name: "rate vs baseline", value: `${round(ratio * 100, 1)}%`, target: ">= 85%", ok: ratio >= 0.85 },
        { name: "p99 latency", value: `${upload.p99} ms`, target: "< 50 ms", ok: upload.p99 < 50 },
        { name: "errors, all rounds and both handlers", value: String(errors), target: "0", ok: errors === 0 },
      ],
    };
  } finally {
    await service.stop();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
