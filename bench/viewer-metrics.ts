/**
 * Viewer metrics (issue 39, DESIGN.md section 20), on PostgreSQL against `next start`:
 *
 * 1. Ingest: 50 players, each reporting every 5 s for 60 s as Livepeer's player does (the first
 *    report with play and its time to first frame), each report timed. No report may be lost: every
 *    one is answered 204, and the views then hold exactly the playtime sent. Baseline of the same
 *    run: the same 50 players reporting a playbackId no asset has, which the route answers 204
 *    after the same reading, parsing and per-address limit, and writes nothing.
 * 2. Queries: 1,000,000 views of one account over the last 30 days, seeded by SQL over 200 assets
 *    (a few popular, most not; browsers, systems, devices and countries skewed as real traffic is),
 *    rolled up by the service's own roll-up statement; then 30-day queries through the API, one
 *    client at a time. Baseline of the same run: the same endpoint breaking views down by two
 *    fields, which it answers from the views themselves, as every query would without roll-ups.
 *    With the plans (EXPLAIN ANALYZE) of each.
 *
 * BENCH_VIEWS (default 1,000,000) sets the number of views, BENCH_VIEWS_REPEATS (default 200) the
 * requests per timed query.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql, type SQLWrapper } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase } from "@/lib/db/client";
import { rollUpViews, viewSumsStatement, type ViewSumsQuery } from "@/lib/db/view-rollups";
import { selectRows } from "@/lib/db/views";
import { round, type BenchResult, type Check } from "./lib/results";
import { seedAccount } from "./lib/seed";
import { BENCH_TOKEN, requestUpload, startService, type Service } from "./lib/service";
import { timeSequentially, type Timings } from "./lib/timing";

const PLAYERS = 50;
const REPORT_EVERY_MS = 5000;
const PLAY_SECONDS = 60;
const VIEWS = Number(process.env.BENCH_VIEWS ?? 1_000_000);
const REPEATS = Number(process.env.BENCH_VIEWS_REPEATS ?? 200);
const BASELINE_REPEATS = 20;
const ASSETS = 200;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

const ms = (value: number) => `${round(value, 1)} ms`;
const timings = (t: Timings) => `${ms(t.p50)} / ${ms(t.p99)}`;
const under = (name: string, value: number, limit: number): Check => ({
  name,
  value: ms(value),
  target: `< ${limit} ms`,
  ok: value < limit,
});
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

function report(playbackId: string, sessionId: string, index: number): string {
  const heartbeat = {
    id: randomUUID(),
    type: "heartbeat",
    timestamp: Date.now(),
    errors: 0,
    warnings: 0,
    stalled_count: 0,
    waiting_count: 0,
    time_warning_ms: 0,
    time_errored_ms: 0,
    time_stalled_ms: 0,
    time_playing_ms: REPORT_EVERY_MS,
    time_waiting_ms: 0,
    ...(index === 0 && { play_to_first_frame_ms: 350, mount_to_play_ms: 800, autoplay_status: "none" }),
  };
  const events = index === 0 ? [{ id: randomUUID(), type: "play", timestamp: Date.now() }, heartbeat] : [heartbeat];
  return JSON.stringify({
    session_id: sessionId,
    playback_id: playbackId,
    domain: "bench.example",
    user_agent: USER_AGENT,
    live: false,
    events,
  });
}

interface PlayersRun {
  latencies: number[];
  refused: number;
  playtimeSentMs: number;
}

/** PLAYERS players starting over the first interval, each reporting every 5 s for PLAY_SECONDS. */
async function players(service: Service, playbackId: string): Promise<PlayersRun> {
  const latencies: number[] = [];
  let refused = 0;
  let playtimeSentMs = 0;
  const reports = (PLAY_SECONDS * 1000) / REPORT_EVERY_MS;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: PLAYERS }, async (_, player) => {
      const sessionId = randomUUID();
      const offset = (player / PLAYERS) * REPORT_EVERY_MS;
      for (let i = 0; i < reports; i++) {
        const due = start + offset + i * REPORT_EVERY_MS;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        const sent = performance.now();
        const response = await fetch(`${service.url}/api/analytics/log`, {
          method: "POST",
          headers: { "content-type": "text/plain;charset=UTF-8" },
          body: report(playbackId, sessionId, i),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - sent);
        if (response.status === 204) playtimeSentMs += REPORT_EVERY_MS;
        else refused++;
      }
    }),
  );
  return { latencies, refused, playtimeSentMs };
}

async function ingest(service: Service) {
  const { url, asset } = await requestUpload(service, "watched.mp4");
  const put = await fetch(url, { method: "PUT", body: readFileSync("test/fixtures/media/h264-aac.mp4") });
  if (!put.ok) throw new Error(`the upload answered ${put.status}`);
  const { playbackId } = (await (
    await fetch(`${service.url}/api/asset/${asset.id}`, { headers: service.authHeaders })
  ).json()) as { playbackId: string };
  for (let i = 0; i < 100; i++) {
    const state = (await (
      await fetch(`${service.url}/api/asset/${asset.id}`, { headers: service.authHeaders })
    ).json()) as { status: string };
    if (state.status === "ready") break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const baseline = await players(service, "0000000000000000");
  const run = await players(service, playbackId);
  const answer = await fetch(`${service.url}/api/data/views/query?playbackId=${playbackId}`, {
    headers: service.authHeaders,
  });
  const [kept] = (await answer.json()) as Array<{ viewCount: number; playtimeMins: number }>;
  return { baseline, run, kept };
}

/** VIEWS views of the account's assets over the last 30 days, by SQL, and the roll-up of every hour they fall in. */
async function seedViews(
  databaseUrl: string,
): Promise<{ userId: string; busiest: string; seedSeconds: number; rollupSeconds: number; rollupRows: number }> {
  const database = await openDatabase({ url: databaseUrl, statementTimeoutMs: 0 });
  try {
    const started = performance.now();
    const userId = await seedAccount(database.db, {
      email: "bench@example.com",
      token: BENCH_TOKEN,
      assets: ASSETS,
      tasks: 0,
    });
    const now = Date.now();
    await database.db.execute(sql`
      WITH a AS (SELECT id, playback_id, row_number() OVER (ORDER BY id) - 1 AS n FROM assets WHERE user_id = ${userId}),
      v AS (
        SELECT i, floor(${ASSETS} * random() ^ 3)::int AS asset_n, ${now}::bigint - floor(random() * ${30 * DAY_MS})::bigint AS started_at,
          random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5, random() AS r6
        FROM generate_series(1, ${VIEWS}::int) AS i
      )
      INSERT INTO playback_views (asset_id, session_id, user_id, playback_id, viewer, browser, os, device, country, hour, started_at, last_seen_at,
        playtime_ms, waiting_ms, stalled_ms, errors, ttff_ms, started)
      SELECT a.id, 'bench-' || v.i, ${userId}::uuid, a.playback_id, 'h:' || md5(v.i::text),
        (array['Chrome','Safari','Firefox','Microsoft Edge','Samsung Internet for Android','Opera','Chromium','Yandex Browser'])[1 + floor(8 * v.r1 ^ 2)::int],
        (array['Windows','iOS','Android','macOS','Linux','Chrome OS'])[1 + floor(6 * v.r2 ^ 2)::int],
        (array['desktop','mobile','tablet'])[1 + floor(3 * v.r2 ^ 2)::int],
        (array['US','GB','DE','FR','IN','BR','JP','CA','NL','ES','IT','MX','AU','PL','SE','KR','TR','ID','AR','BE',
               'CH','AT','NO','DK','FI','IE','PT','CZ','RO','ZA','NG','EG','PH','VN','TH','MY','SG','NZ','CL','CO',''])[1 + floor(41 * v.r3 ^ 3)::int],
        (v.started_at / ${HOUR_MS})::int, v.started_at, v.started_at + floor(v.r4 * 600000)::bigint,
        floor(v.r4 * 600000)::bigint, floor(v.r5 * 2000)::bigint, CASE WHEN v.r5 > 0.97 THEN floor(v.r6 * 3000)::bigint ELSE 0 END,
        CASE WHEN v.r6 > 0.98 THEN 1 ELSE 0 END, CASE WHEN v.r1 > 0.03 THEN 150 + floor(v.r6 * 1500)::int END, v.r1 > 0.03
      FROM v JOIN a ON a.n = v.asset_n`);
    await database.db.execute(
      sql`INSERT INTO playback_view_rollup_queue (user_id, asset_id, hour) SELECT DISTINCT user_id, asset_id, hour FROM playback_views ON CONFLICT DO NOTHING`,
    );
    const seedSeconds = (performance.now() - started) / 1000;
    const rolling = performance.now();
    await rollUpViews(database.db, userId);
    const rollupSeconds = (performance.now() - rolling) / 1000;
    await database.db.execute(
      sql`VACUUM ANALYZE playback_views, playback_view_hours, playback_view_account_hours, playback_view_rollup_queue`,
    );
    const [busiest] = await selectRows<{ asset_id: string }>(
      database.db,
      sql`SELECT asset_id FROM playback_views GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const [rows] = await selectRows<{ n: number }>(
      database.db,
      sql`SELECT (SELECT count(*) FROM playback_view_hours) + (SELECT count(*) FROM playback_view_account_hours) AS n`,
    );
    return { userId, busiest: busiest.asset_id, seedSeconds, rollupSeconds, rollupRows: Number(rows.n) };
  } finally {
    await database.close();
  }
}

const WARM_UP = 5;

async function timeQuery(service: Service, pathname: string, times = REPEATS): Promise<Timings> {
  const call = async () => {
    const response = await fetch(service.url + pathname, { headers: service.authHeaders });
    if (!response.ok) throw new Error(`GET ${pathname} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  };
  for (let i = 0; i < WARM_UP; i++) await call();
  return timeSequentially(times, call);
}

async function explain(databaseUrl: string, queries: Array<[string, SQLWrapper]>): Promise<string> {
  const database = await openDatabase({ url: databaseUrl });
  try {
    const sections: string[] = [];
    for (const [title, query] of queries) {
      const rows = await selectRows<{ "QUERY PLAN": string }>(database.db, sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
      sections.push(`${title}:\n\n\`\`\`\n${rows.map((row) => row["QUERY PLAN"]).join("\n")}\n\`\`\`\n`);
    }
    return sections.join("\n");
  } finally {
    await database.close();
  }
}

export async function benchViewerMetrics(databaseUrl: string): Promise<BenchResult> {
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const name = `vas_bench_views_${Date.now()}`;
  const url = Object.assign(new URL(databaseUrl), { pathname: `/${name}` }).toString();
  await admin.unsafe(`create database ${name}`);
  // Every player here shares 127.0.0.1: the per-address limit is set above their 600 reports a minute.
  const env = { DATABASE_URL: url, ANALYTICS_RATE_LIMIT_PER_ADDRESS: "100000" };
  try {
    let service = await startService(3198, env);
    let load: Awaited<ReturnType<typeof ingest>>;
    try {
      load = await ingest(service);
    } finally {
      await service.stop();
    }
    const seeded = await seedViews(url);
    service = await startService(3198, env);
    const now = Date.now();
    const month = `from=${now - 30 * DAY_MS}&to=${now}`;
    const query = (params: string) => `/api/data/views/query?${month}&${params}`;
    let figures: Record<string, Timings>;
    try {
      figures = {
        noop: await timeQuery(service, "/api/health/live"),
        byDay: await timeQuery(service, query("timeStep=day")),
        byBrowser: await timeQuery(service, query("breakdownBy[]=browser")),
        byDayAndCountry: await timeQuery(service, query("timeStep=day&breakdownBy[]=country")),
        assetByDay: await timeQuery(service, query(`assetId=${seeded.busiest}&timeStep=day`)),
        byPlaybackId: await timeQuery(service, query("breakdownBy[]=playbackId")),
        panel: await timeQuery(service, `/api/data/views/summary?assetId=${seeded.busiest}`, BASELINE_REPEATS * 5),
        fromViews: await timeQuery(
          service,
          query("timeStep=day&breakdownBy[]=browser&breakdownBy[]=os"),
          BASELINE_REPEATS,
        ),
      };
    } finally {
      await service.stop();
    }
    const range = {
      userId: seeded.userId,
      fromHour: Math.floor((now - 30 * DAY_MS) / HOUR_MS),
      toHour: Math.ceil(now / HOUR_MS),
    };
    const statement = (q: Partial<ViewSumsQuery>) =>
      viewSumsStatement({ ...range, byPlaybackId: false, dimensions: [], ...q });
    const plans = await explain(url, [
      ["30 days by day, the account (roll-ups)", statement({ step: "day" })],
      ["30 days by browser, the account (roll-ups)", statement({ dimensions: ["browser"] })],
      ["30 days by day, the busiest asset (roll-ups)", statement({ assetId: seeded.busiest, step: "day" })],
      ["30 days by playbackId (roll-ups of each asset)", statement({ byPlaybackId: true })],
      [
        "30 days by day, browser and OS (from the views: the baseline)",
        statement({ step: "day", dimensions: ["browser", "os"] }),
      ],
    ]);
    const { baseline, run, kept } = load;
    const ingestP99 = percentile(run.latencies, 99);
    const baselineP99 = percentile(baseline.latencies, 99);
    const lost =
      run.refused + Math.round((run.playtimeSentMs - Math.round(kept.playtimeMins * 60_000)) / REPORT_EVERY_MS);
    const rollupP99 = Math.max(
      figures.byDay.p99,
      figures.byBrowser.p99,
      figures.byDayAndCountry.p99,
      figures.assetByDay.p99,
    );
    return {
      title: `Viewer metrics on PostgreSQL: ${PLAYERS} players reporting every 5 s for ${PLAY_SECONDS} s; 30-day queries over ${VIEWS.toLocaleString("en")} views (p50 / p99)`,
      figures: {
        "reports sent (players x reports)": run.latencies.length,
        "ingest, a known playbackId (recorded)": timings({ p50: percentile(run.latencies, 50), p99: ingestP99 }),
        "baseline: the same reports naming an unknown playbackId (read, parsed, limited, not written)": timings({
          p50: percentile(baseline.latencies, 50),
          p99: baselineP99,
        }),
        "ingest p99 / baseline p99": round(ingestP99 / baselineP99, 2),
        "views kept, playtime kept / sent": `${kept.viewCount}, ${round(kept.playtimeMins, 3)} / ${round(run.playtimeSentMs / 60_000, 3)} min`,
        "seeding views (SQL), s": round(seeded.seedSeconds, 1),
        "rolling up every hour of them (one statement), s": round(seeded.rollupSeconds, 1),
        "roll-up rows (per asset and per account)": seeded.rollupRows,
        "no-op liveness handler": timings(figures.noop),
        "account, 30 days by day": timings(figures.byDay),
        "account, 30 days by browser": timings(figures.byBrowser),
        "account, 30 days by day and country": timings(figures.byDayAndCountry),
        "busiest asset, 30 days by day": timings(figures.assetByDay),
        "account, 30 days by playbackId": timings(figures.byPlaybackId),
        "the busiest asset's Viewers panel (summary, with the median time to first frame read from its views)": timings(figures.panel),
        "baseline: 30 days by day, browser and OS, from the views": timings(figures.fromViews),
        "baseline p99 / slowest roll-up query p99": round(figures.fromViews.p99 / rollupP99, 1),
      },
      checks: [
        under("ingest p99", ingestP99, 20),
        {
          name: "reports lost (refused, or playtime missing)",
          value: String(lost),
          target: "0",
          ok: lost === 0 && kept.viewCount === PLAYERS,
        },
        under("30-day query p99, the slowest of the four roll-up queries", rollupP99, 200),
        under("30-day query by playbackId p99", figures.byPlaybackId.p99, 200),
      ],
      notes: `Query plans (EXPLAIN ANALYZE, BUFFERS) on the seeded database:\n\n${plans}`,
    };
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
