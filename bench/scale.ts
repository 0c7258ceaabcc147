/**
 * Large accounts (issue 25, DESIGN.md section 15): one account of 1,000,000 assets beside one of
 * 100,000 on PostgreSQL, and of 100,000 on PGlite, seeded by SQL (bench/lib/seed.ts), against
 * `next start`. One client at a time unless said: the first page of `GET /api/asset`, page 1000
 * and page 25,000 reached by following `Link`, a search for a rare word, `GET /api/asset/{id}`,
 * the dashboard's assets page and its list request, request-upload on the large database against
 * an empty one, and request-upload from 50 clients against a no-op through the same wrapper
 * (bench/request-upload-load.ts). Also the plans
 * (EXPLAIN ANALYZE) of the list, the search and the get. BENCH_SCALE_ASSETS (default 1,000,000)
 * sets the large account's size, BENCH_SCALE_REPEATS (default 1,000) the requests per timed path.
 *
 * PGlite's page 1000 is also asked by 20 clients at once. PGlite runs on the server's one thread,
 * so that figure is held against two baselines of the same run rather than a fixed time: 20 times
 * the one-client figure (concurrency must cost nothing per request), and a bare node:http server
 * spending the same CPU per request (lib/event-loop-floor.ts: the tail any one-thread server has).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase, type Database } from "@/lib/db/client";
import { explainPlans, type PlanInputs } from "./lib/plans";
import { round, type BenchResult, type Check } from "./lib/results";
import { RARE_WORD, sampleAssetIds, seedAccount, vacuumAnalyze } from "./lib/seed";
import { BENCH_TOKEN, startService, type Service } from "./lib/service";
import { cpuMsOfProcess, eventLoopFloor } from "./lib/event-loop-floor";
import { timeConcurrently, timeSequentially, type Timings } from "./lib/timing";
import { compareWithNoop, requestUploadLoad } from "./request-upload-load";

const LARGE = Number(process.env.BENCH_SCALE_ASSETS ?? 1_000_000);
const SMALL = Math.round(LARGE / 10);
/** Requests per timed path: the p99 of 1,000 is the tenth slowest, where of 200 it was the second, one pause of the machine. */
const REPEATS = Number(process.env.BENCH_SCALE_REPEATS ?? 1000);
const PAGE_SIZE = 20;
const EMAIL = "scale@example.com";
const PASSWORD = "scale bench password";
/** The service creates no user of its own: the seeded account is its INIT_USER. */
const SIGN_IN = { INIT_USER_EMAIL: EMAIL, INIT_USER_PASSWORD: PASSWORD };
/** What the dashboard's assets page asks for first (components/assets/asset-list.tsx). */
const DASHBOARD_LIST = `/api/asset?limit=${PAGE_SIZE}&sort=createdAt&order=desc&total=true`;
const UPLOAD_ROUNDS = 3;
const UPLOAD_SECONDS = 10;
/** PGlite's concurrent figure: this many clients, each sending its next request when the last is answered. */
const CLIENTS = 20;
const CONCURRENT_TIMES = REPEATS / 10;

type Asset = { id: string; createdAt: number };

async function get(service: Service, pathname: string, headers = service.authHeaders): Promise<Response> {
  const response = await fetch(service.url + pathname, { headers });
  if (!response.ok) throw new Error(`GET ${pathname} answered ${response.status}: ${await response.text()}`);
  return response;
}

const nextPath = (response: Response) => {
  const link = response.headers.get("link")?.match(/<([^>]+)>; rel="next"/)?.[1];
  if (!link) throw new Error("the list ended early");
  const url = new URL(link);
  return url.pathname + url.search;
};

/**
 * The path of page `page` of PAGE_SIZE assets, newest first, reached by following `Link`: by pages
 * of 100 as far as they go, then of PAGE_SIZE (a cursor holds whatever the page size). With the
 * last asset before it, where the plan's keyset starts.
 */
async function pagePath(service: Service, page: number): Promise<{ path: string; after: Asset }> {
  const skip = (page - 1) * PAGE_SIZE;
  let pathname = "/api/asset?limit=100";
  let passed = 0;
  let after: Asset | undefined;
  while (passed < skip) {
    const size = skip - passed >= 100 ? 100 : PAGE_SIZE;
    const url = new URL(pathname, service.url);
    url.searchParams.set("limit", String(size));
    const response = await get(service, url.pathname + url.search);
    after = ((await response.json()) as Asset[]).at(-1);
    pathname = nextPath(response);
    passed += size;
  }
  const url = new URL(pathname, service.url);
  url.searchParams.set("limit", String(PAGE_SIZE));
  return { path: url.pathname + url.search, after: after! };
}

/** Steady state: the server loads a route's code on its first request (docs/footprint.md), which WARM_UP requests pay. */
const WARM_UP = 5;

async function repeat(service: Service, pathname: string | ((i: number) => string), headers?: Record<string, string>) {
  const call = async (i: number) => {
    await (await get(service, typeof pathname === "string" ? pathname : pathname(i), headers)).arrayBuffer();
  };
  for (let i = 0; i < WARM_UP; i++) await call(i);
  return timeSequentially(REPEATS, call);
}

/** A session cookie, signing in through Auth.js's form endpoint as the browser does. */
async function signIn(service: Service): Promise<string> {
  const csrf = await fetch(`${service.url}/api/auth/csrf`);
  const { csrfToken } = await csrf.json();
  const cookie = csrf.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  const response = await fetch(`${service.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ csrfToken, email: EMAIL, password: PASSWORD, callbackUrl: `${service.url}/assets` }),
  });
  const session = response.headers.getSetCookie().find((line) => line.startsWith("authjs.session-token="));
  if (!session) throw new Error(`signing in answered ${response.status} without a session`);
  return session.split(";")[0];
}

interface Figures {
  /** The no-op liveness handler, one request at a time: what the machine allows at that moment. */
  noop: Timings;
  firstPage: Timings;
  page1000: Timings;
  page25000?: Timings;
  search: Timings;
  get: Timings;
  dashboardHtml: Timings;
  dashboardList: Timings;
  /** Page 1000's path, and what its plan needs. */
  page1000Path: string;
  plans: PlanInputs;
}

async function measure(service: Service, ids: string[], assets: number): Promise<Figures> {
  const noop = await repeat(service, "/api/health/live");
  const firstPage = await repeat(service, "/api/asset");
  const page1000 = await pagePath(service, 1000);
  const page1000Timings = await repeat(service, page1000.path);
  const page25000 = assets >= 25_000 * PAGE_SIZE ? await repeat(service, (await pagePath(service, 25_000)).path) : undefined;
  const search = await repeat(service, `/api/asset?search=${RARE_WORD}`);
  const getTimings = await repeat(service, (i) => `/api/asset/${ids[i % ids.length]}`);
  const cookie = { cookie: await signIn(service) };
  const dashboardHtml = await repeat(service, "/assets", cookie);
  const dashboardList = await repeat(service, DASHBOARD_LIST, cookie);
  return {
    noop,
    firstPage,
    page1000: page1000Timings,
    page25000,
    search,
    get: getTimings,
    dashboardHtml,
    dashboardList,
    page1000Path: page1000.path,
    plans: { after: page1000.after, search: RARE_WORD, id: ids[0] },
  };
}

const ms = (value: number) => `${round(value, 1)} ms`;
const timings = (t: Timings) => `${ms(t.p50)} / ${ms(t.p99)}`;
const under = (name: string, value: number, limit: number): Check => ({ name, value: ms(value), target: `< ${limit} ms`, ok: value < limit });

async function seed(database: Database, assets: number, others: number): Promise<{ userId: string; ids: string[]; seconds: number }> {
  const started = performance.now();
  const userId = await seedAccount(database.db, { email: EMAIL, password: PASSWORD, token: BENCH_TOKEN, assets, tasks: assets * 0.3 });
  if (others) await seedAccount(database.db, { email: "other@example.com", assets: others, tasks: others * 0.3 });
  await vacuumAnalyze(database.db);
  const seconds = (performance.now() - started) / 1000;
  return { userId, ids: await sampleAssetIds(database.db, userId, REPEATS), seconds };
}

/** request-upload from one client on the large database against an empty one, alternating rounds: the median ratio. */
async function uploadAgainstEmpty(large: Service, empty: Service): Promise<{ ratio: number; ratios: number[] }> {
  const ratios: number[] = [];
  for (let i = 0; i < UPLOAD_ROUNDS; i++) {
    const onEmpty = await requestUploadLoad(empty, 1, UPLOAD_SECONDS);
    const onLarge = await requestUploadLoad(large, 1, UPLOAD_SECONDS);
    ratios.push(onLarge.rps / onEmpty.rps);
  }
  return { ratio: [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)], ratios };
}

async function onPostgres(databaseUrl: string) {
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const names = { large: `vas_scale_${Date.now()}`, empty: `vas_scale_empty_${Date.now()}` };
  const urlOf = (name: string) => Object.assign(new URL(databaseUrl), { pathname: `/${name}` }).toString();
  const services: Service[] = [];
  try {
    for (const name of Object.values(names)) await admin.unsafe(`create database ${name}`);
    const database = await openDatabase({ url: urlOf(names.large), statementTimeoutMs: 0 });
    let seeded: Awaited<ReturnType<typeof seed>>;
    try {
      seeded = await seed(database, LARGE, SMALL);
    } finally {
      await database.close();
    }
    const large = await startService(3191, { ...SIGN_IN, DATABASE_URL: urlOf(names.large) });
    services.push(large);
    const figures = await measure(large, seeded.ids, LARGE);
    const empty = await startService(3192, { ...SIGN_IN, DATABASE_URL: urlOf(names.empty) });
    services.push(empty);
    const upload = await uploadAgainstEmpty(large, empty);
    const noop = await compareWithNoop(empty);
    const plans = await withDatabase({ url: urlOf(names.large) }, (d) => explainPlans(d.db, seeded.userId, figures.plans));
    return { figures, seedSeconds: seeded.seconds, upload, noop, plans };
  } finally {
    for (const service of services) await service.stop();
    for (const name of Object.values(names)) await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function onPglite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-scale-"));
  try {
    const seeded = await withDatabase({ dataDir }, (d) => seed(d, SMALL, 0));
    const service = await startService(3191, SIGN_IN, { dataDir });
    let figures: Figures;
    let concurrent: Timings;
    let cpuPerRequest: number;
    try {
      figures = await measure(service, seeded.ids, SMALL);
      const page1000 = figures.page1000Path;
      const call = async () => void (await (await get(service, page1000)).arrayBuffer());
      // Steady state, as WARM_UP is for one client: the first round at 20 clients also opens their
      // connections and grows the heap (a p99 of 260-550 ms where later rounds took 150-190).
      await timeConcurrently(CLIENTS, WARM_UP, call);
      const cpuBefore = cpuMsOfProcess(service.pid);
      concurrent = await timeConcurrently(CLIENTS, CONCURRENT_TIMES, call);
      cpuPerRequest = (cpuMsOfProcess(service.pid) - cpuBefore) / (CLIENTS * CONCURRENT_TIMES);
    } finally {
      await service.stop();
    }
    const floor = await eventLoopFloor(cpuPerRequest, 3193, CLIENTS, CONCURRENT_TIMES);
    const plans = await withDatabase({ dataDir }, (d) => explainPlans(d.db, seeded.userId, figures.plans));
    return { figures, concurrent, cpuPerRequest, floor, seedSeconds: seeded.seconds, plans };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function withDatabase<T>(options: { url?: string; dataDir?: string }, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(options);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

export async function benchScale(databaseUrl: string): Promise<BenchResult> {
  if (SMALL < 1000 * PAGE_SIZE) throw new Error("BENCH_SCALE_ASSETS must be at least 200000: PGlite's account of a tenth of it needs a page 1000");
  const pg = await onPostgres(databaseUrl);
  const lite = await onPglite();
  const f = pg.figures;
  const l = lite.figures;
  const dashboard = (x: Figures) => x.dashboardHtml.p99 + x.dashboardList.p99;
  const percent = (ratio: number) => `${round(ratio * 100, 1)}%`;
  return {
    title: `Large accounts: ${LARGE.toLocaleString("en")} assets on PostgreSQL, ${SMALL.toLocaleString("en")} on PGlite, one client at a time (p50 / p99)`,
    figures: {
      "seeding by SQL, PostgreSQL / PGlite": `${round(pg.seedSeconds, 1)} s / ${round(lite.seedSeconds, 1)} s`,
      "PostgreSQL: the no-op liveness handler (for scale: the machine's own noise)": timings(f.noop),
      "PostgreSQL: first page": timings(f.firstPage),
      "PostgreSQL: page 1000": timings(f.page1000),
      ...(f.page25000 && { "PostgreSQL: page 25,000": timings(f.page25000) }),
      [`PostgreSQL: search for "${RARE_WORD}"`]: timings(f.search),
      "PostgreSQL: GET /api/asset/{id}": timings(f.get),
      "PostgreSQL: dashboard /assets HTML / its list request": `${timings(f.dashboardHtml)}, ${timings(f.dashboardList)}`,
      "PostgreSQL: request-upload, 1 client, large / empty database, every round": pg.upload.ratios.map(percent).join(", "),
      "PostgreSQL: request-upload, 50 clients, vs the no-op through the same wrapper, every round": pg.noop.ratios.map(percent).join(", "),
      "PostgreSQL: request-upload, 50 clients, vs the bare liveness handler, every round": pg.noop.bareRatios.map(percent).join(", "),
      "PostgreSQL: request-upload, 50 clients, req/s and p50/p99 ms": `${round(pg.noop.upload.rps)}, ${pg.noop.upload.p50}/${pg.noop.upload.p99}`,
      "PGlite: the no-op liveness handler": timings(l.noop),
      "PGlite: first page": timings(l.firstPage),
      "PGlite: page 1000": timings(l.page1000),
      [`PGlite: page 1000, ${CLIENTS} clients`]: timings(lite.concurrent),
      [`PGlite: the server's CPU time per request at ${CLIENTS} clients`]: ms(lite.cpuPerRequest),
      [`a bare node:http server spending that CPU per request, ${CLIENTS} clients (the event loop's floor)`]: timings(lite.floor),
      [`PGlite: search for "${RARE_WORD}"`]: timings(l.search),
      "PGlite: GET /api/asset/{id}": timings(l.get),
      "PGlite: dashboard /assets HTML / its list request": `${timings(l.dashboardHtml)}, ${timings(l.dashboardList)}`,
    },
    checks: [
      under("PostgreSQL: first page, p99", f.firstPage.p99, 50),
      under("PostgreSQL: page 1000, p99", f.page1000.p99, 50),
      ...(f.page25000 ? [under("PostgreSQL: page 25,000, p99", f.page25000.p99, 50)] : []),
      under("PostgreSQL: search for a rare word, p99", f.search.p99, 100),
      under("PostgreSQL: GET /api/asset/{id}, p99", f.get.p99, 20),
      { name: "PostgreSQL: request-upload at 1M against an empty database", value: percent(pg.upload.ratio), target: ">= 80%", ok: pg.upload.ratio >= 0.8 },
      under("PGlite: page 1000, p99", l.page1000.p99, 100),
      {
        name: `PGlite: page 1000, ${CLIENTS} clients, p50 against ${CLIENTS} times one client's (no cost from concurrency)`,
        value: ms(lite.concurrent.p50),
        target: `<= ${ms(CLIENTS * l.page1000.p50)}`,
        ok: lite.concurrent.p50 <= CLIENTS * l.page1000.p50,
      },
      {
        name: `PGlite: page 1000, ${CLIENTS} clients, p99 against the event loop's floor for its CPU time`,
        value: percent(lite.concurrent.p99 / lite.floor.p99),
        target: "<= 125%",
        ok: lite.concurrent.p99 <= 1.25 * lite.floor.p99,
      },
      under("PostgreSQL: dashboard assets page, HTML + list request p99", dashboard(f), 300),
      { name: "PostgreSQL: request-upload, 50 clients, against the no-op through the same wrapper", value: percent(pg.noop.ratio), target: ">= 85%", ok: pg.noop.ratio >= 0.85 },
      { name: "request-upload errors, 50 clients", value: String(pg.noop.errors), target: "0", ok: pg.noop.errors === 0 },
    ],
    notes: `### Plans on PostgreSQL\n\n${pg.plans}\n### Plans on PGlite\n\n${lite.plans}`,
  };
}
