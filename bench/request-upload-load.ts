/**
 * 1. request-upload under load: 50 concurrent clients against `next start` on PostgreSQL, against
 * a no-op through the same wrapper as the baseline (issue 25): the same route given a body it
 * refuses (422), which pays for the token, the rate limit, reading and validating the body and
 * the answer, and never runs the handler. The bare liveness handler, outside the wrapper, is
 * shown beside it. Each round runs the no-op, request-upload twice, then the no-op again (ABBA),
 * in short windows, and its ratio is of the request counts: a machine whose speed drifts
 * steadily during a round moves both sides alike. The median round counts. With three
 * windows in a row of 8 s (bare, no-op, request-upload) the rounds of one run spread from 40% to
 * 125% on this shared VM, and two runs of the same build gave medians of 74% and 80%.
 */
import autocannon from "autocannon";
import postgres from "postgres";
import { round, type BenchResult } from "./lib/results";
import { startService, type Service } from "./lib/service";

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 9);

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
  init: { method: "GET" | "POST"; body?: string; status?: number },
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
  const expected = init.status === undefined ? result.requests.total - result.non2xx : (result.statusCodeStats?.[`${init.status}`]?.count ?? 0);
  const errors = result.errors + result.timeouts + result.requests.total - expected;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors, total: result.requests.total };
}

const bareNoop = (service: Service) => load(service, "/api/health/live", { method: "GET" });
const wrappedNoop = (service: Service) =>
  load(service, "/api/asset/request-upload", { method: "POST", body: JSON.stringify({ name: 1 }), status: 422 });

/** request-upload from `connections` clients for `seconds`. */
export const requestUploadLoad = (service: Service, connections = CONNECTIONS, seconds = DURATION_SECONDS) =>
  load(service, "/api/asset/request-upload", { method: "POST", body: JSON.stringify({ name: "load test" }) }, connections, seconds);

interface Round {
  /** The no-op through the same wrapper. */
  baseline: Load;
  /** The liveness handler, outside the wrapper. */
  bare: Load;
  upload: Load;
  ratio: number;
  bareRatio: number;
}

export interface Comparison extends Round {
  /** Every round's ratio against the wrapped no-op, in order. */
  ratios: number[];
  /** The same against the bare handler. */
  bareRatios: number[];
  errors: number;
  uploadRequests: number;
}

/** Two windows of one load as one: their mean rate, the worse of their latencies. */
const both = (a: Load, b: Load): Load => ({
  rps: (a.rps + b.rps) / 2,
  p50: Math.max(a.p50, b.p50),
  p99: Math.max(a.p99, b.p99),
  errors: a.errors + b.errors,
  total: a.total + b.total,
});

/** request-upload against the no-op through its wrapper, 50 clients, in ROUNDS rounds of no-op, upload, upload, no-op: the median round. */
export async function compareWithNoop(service: Service): Promise<Comparison> {
  await wrappedNoop(service);
  await requestUploadLoad(service);
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const bare = await bareNoop(service);
    const noopBefore = await wrappedNoop(service);
    const upload = both(await requestUploadLoad(service), await requestUploadLoad(service));
    const baseline = both(noopBefore, await wrappedNoop(service));
    rounds.push({ baseline, bare, upload, ratio: upload.rps / baseline.rps, bareRatio: upload.rps / bare.rps });
  }
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
  const errors = rounds.reduce((sum, r) => sum + r.baseline.errors + r.bare.errors + r.upload.errors, 0);
  const uploadRequests = rounds.reduce((sum, r) => sum + r.upload.total, 0);
  return { ...median, ratios: rounds.map((r) => r.ratio), bareRatios: rounds.map((r) => r.bareRatio), errors, uploadRequests };
}

export async function benchRequestUploadLoad(databaseUrl: string): Promise<BenchResult> {
  const name = `vas_bench_${Date.now()}`;
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const service = await startService(3191, { DATABASE_URL: url.toString() });
  try {
    const { baseline, bare, upload, ratio, ratios, bareRatios, errors, uploadRequests } = await compareWithNoop(service);
    return {
      title: `request-upload, ${CONNECTIONS} clients, windows of ${DURATION_SECONDS} s, PostgreSQL, rate limits shared in the database (median of ${ROUNDS} rounds of no-op, upload, upload, no-op)`,
      figures: {
        "rate vs baseline, every round": ratios.map((r) => `${round(r * 100, 1)}%`).join(", "),
        "baseline (no-op through the same wrapper: the route refusing its body) req/s": round(baseline.rps),
        "baseline p50/p99 ms": `${baseline.p50}/${baseline.p99}`,
        "bare liveness handler (no wrapper) req/s, and request-upload against it, every round": `${round(bare.rps)}; ${bareRatios.map((r) => `${round(r * 100, 1)}%`).join(", ")}`,
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
