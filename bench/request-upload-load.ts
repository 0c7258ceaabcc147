/**
 * 1. request-upload under load: 50 concurrent clients for 20 s against `next start` on PostgreSQL,
 * against the same server's no-op liveness handler as the baseline.
 */
import autocannon from "autocannon";
import postgres from "postgres";
import { round, type BenchResult } from "./lib/results";
import { startService, type Service } from "./lib/service";

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);

async function load(service: Service, path: string, init: { method: "GET" | "POST"; body?: string }) {
  const result = await autocannon({
    url: service.url + path,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    method: init.method,
    headers: service.authHeaders,
    body: init.body,
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors, total: result.requests.total };
}

export async function benchRequestUploadLoad(databaseUrl: string): Promise<BenchResult> {
  const name = `vas_bench_${Date.now()}`;
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const service = await startService(3191, { DATABASE_URL: url.toString() });
  try {
    await load(service, "/api/health/live", { method: "GET" });
    const baseline = await load(service, "/api/health/live", { method: "GET" });
    const upload = await load(service, "/api/asset/request-upload", {
      method: "POST",
      body: JSON.stringify({ name: "load test" }),
    });
    const ratio = upload.rps / baseline.rps;
    return {
      title: `request-upload, ${CONNECTIONS} clients, ${DURATION_SECONDS} s, PostgreSQL`,
      figures: {
        "baseline (no-op handler) req/s": round(baseline.rps),
        "baseline p50/p99 ms": `${baseline.p50}/${baseline.p99}`,
        "request-upload req/s": round(upload.rps),
        "request-upload p50/p99 ms": `${upload.p50}/${upload.p99}`,
        "request-upload requests, errors": `${upload.total}, ${upload.errors}`,
      },
      checks: [
        { name: "rate vs baseline", value: `${round(ratio * 100, 1)}%`, target: ">= 50%", ok: ratio >= 0.5 },
        { name: "p99 latency", value: `${upload.p99} ms`, target: "< 50 ms", ok: upload.p99 < 50 },
        { name: "errors", value: String(upload.errors + baseline.errors), target: "0", ok: upload.errors + baseline.errors === 0 },
      ],
    };
  } finally {
    await service.stop();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
