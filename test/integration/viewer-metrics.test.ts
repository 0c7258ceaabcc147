import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as logRoute from "@/app/api/analytics/log/route";
import * as nowRoute from "@/app/api/data/views/now/route";
import * as creatorRoute from "@/app/api/data/views/query/creator/route";
import * as queryRoute from "@/app/api/data/views/query/route";
import * as totalRoute from "@/app/api/data/views/query/total/[playbackId]/route";
import * as summaryRoute from "@/app/api/data/views/summary/route";
import { viewMaintenance } from "@/lib/analytics/view-maintenance";
import {
  playbackViewAccountHours,
  playbackViewHours,
  playbackViewRollupQueue,
  playbackViews,
  rateLimits,
} from "@/lib/db/schema";
import { fixture, putUpload, requestUpload } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { expectError } from "../helpers/expect-error";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";
const DAY_MS = 86_400_000;

/** A heartbeat as `@livepeer/react` sends it: deltas since its last report. */
function heartbeat(fields: Record<string, number> = {}) {
  return {
    id: Math.random().toString(36).slice(2),
    type: "heartbeat",
    timestamp: Date.now(),
    errors: 0,
    warnings: 0,
    stalled_count: 0,
    waiting_count: 0,
    time_warning_ms: 0,
    time_errored_ms: 0,
    time_stalled_ms: 0,
    time_playing_ms: 0,
    time_waiting_ms: 0,
    ...fields,
  };
}

function sessionData(playbackId: string, sessionId: string, events: unknown[], extra: Record<string, unknown> = {}) {
  return {
    live: false,
    session_id: sessionId,
    playback_id: playbackId,
    protocol: "application/vnd.apple.mpegurl",
    domain: "viewers.example",
    path: "/watch",
    params: "",
    hash: "",
    source_url: `https://cdn.example/hls/${playbackId}/index.m3u8`,
    player: "hls",
    version: "4.3.6",
    user_agent: CHROME,
    events,
    ...extra,
  };
}

describe.each(testDatabaseKinds)("viewer metrics on %s", (kind) => {
  let t: TestApp;
  let owner: { token: string; userId: string };
  let stranger: { token: string; userId: string };
  let playbackId: string;
  let assetId: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { RATE_LIMIT_PER_MINUTE: "10000", VIEWER_COUNTRY_HEADER: "CF-IPCountry" });
    owner = await t.createUser();
    stranger = await t.createUser();
    ({ assetId, playbackId } = await readyAsset(owner.token));
  });
  afterAll(() => t.close());

  async function readyAsset(token: string) {
    const { url, asset } = await requestUpload(token, "watched.mp4");
    expect((await putUpload(url, fixture("h264-aac.mp4"), { "content-type": "video/mp4" })).status).toBe(200);
    await t.app.runner.idle();
    return { assetId: asset.id, playbackId: asset.playbackId };
  }

  /** Posts a report the way a browser on another site does: a text body, no credential. */
  function report(body: unknown, headers: Record<string, string> = {}) {
    return callRoute(logRoute.POST, "/api/analytics/log", {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: {
        "content-type": "text/plain;charset=UTF-8",
        origin: "https://viewers.example",
        "user-agent": CHROME,
        "x-forwarded-for": "198.51.100.7",
        ...headers,
      },
    });
  }

  async function get(route: { GET: unknown }, path: string, token = owner.token, params?: Record<string, string>) {
    const response = await callRoute(route.GET, path, { token, params });
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  }

  async function rowCounts() {
    const db = t.app.db;
    const [views] = await db.select({ n: count() }).from(playbackViews);
    const [hours] = await db.select({ n: count() }).from(playbackViewHours);
    const [account] = await db.select({ n: count() }).from(playbackViewAccountHours);
    const [queue] = await db.select({ n: count() }).from(playbackViewRollupQueue);
    return { views: views.n, hours: hours.n, account: account.n, queue: queue.n };
  }

  it("takes Livepeer's SessionData as text/plain from another origin, and answers the view in Livepeer's shape", async () => {
    const first = await report(
      sessionData(playbackId, "session-a", [
        { id: "1", type: "play", timestamp: 1 },
        heartbeat({ time_playing_ms: 3000, time_waiting_ms: 450, play_to_first_frame_ms: 450 }),
      ]),
      { "cf-ipcountry": "nl" },
    );
    expect(first.status).toBe(204);
    expect(first.headers.get("access-control-allow-origin")).toBe("*");
    expect(await first.text()).toBe("");
    const second = await report(
      sessionData(playbackId, "session-a", [
        heartbeat({ time_playing_ms: 1000, time_stalled_ms: 50, stalled_count: 1, errors: 1 }),
        { type: "error", message: "network", category: "unknown" },
      ]),
    );
    expect(second.status).toBe(204);

    const [row, ...others] = await get(
      queryRoute,
      `/api/data/views/query?playbackId=${playbackId}&breakdownBy[]=browser`,
    );
    expect(others).toEqual([]);
    expect(row).toEqual({
      playbackId,
      browser: "Chrome",
      viewCount: 1,
      playtimeMins: 4000 / 60_000,
      ttffMs: 450,
      rebufferRatio: 500 / 4000,
      errorRate: 1,
      exitsBeforeStart: 0,
    });
    // A field without a value is left out, never null; country comes from the trusted proxy's header.
    const byCountryAndDevice = await get(
      queryRoute,
      `/api/data/views/query?assetId=${assetId}&breakdownBy[]=country&breakdownBy[]=device&breakdownBy[]=os`,
    );
    expect(byCountryAndDevice).toEqual([
      expect.objectContaining({ country: "NL", device: "desktop", os: "Windows", viewCount: 1 }),
    ]);
    expect(JSON.stringify(byCountryAndDevice)).not.toContain("null");

    const creator = await get(creatorRoute, `/api/data/views/query/creator?assetId=${assetId}&timeStep=day`);
    const today = Math.floor(t.app.now() / DAY_MS) * DAY_MS;
    expect(creator).toEqual([{ timestamp: today, playbackId, viewCount: 1, playtimeMins: 4000 / 60_000 }]);
    expect(await get(totalRoute, `/api/data/views/query/total/${playbackId}`, "", { playbackId })).toEqual({
      playbackId,
      viewCount: 1,
      playtimeMins: 4000 / 60_000,
    });
    expect(await get(nowRoute, `/api/data/views/now?breakdownBy[]=playbackId`)).toEqual([
      { playbackId, viewCount: 1, errorRate: 1 },
    ]);

    // No address is kept: the viewer is a salted hash.
    const [view] = await t.app.db.select().from(playbackViews).where(eq(playbackViews.sessionId, "session-a"));
    expect(view.viewer).toMatch(/^h:[\w-]{22}$/);
    expect(JSON.stringify(view)).not.toContain("198.51.100.7");
    expect(JSON.stringify(await t.app.db.select().from(rateLimits))).not.toContain("198.51.100.7");
  });

  it("counts a session once however many reports it sends, keeps its first time to first frame, and holds deltas to the time passed", async () => {
    const { playbackId: id, assetId: asset } = await readyAsset(owner.token);
    const session = (events: unknown[]) =>
      sessionData(id, "session-b", events, { uid: "viewer-7", user_agent: IPHONE });
    expect((await report(session([heartbeat({ mount_to_first_frame_ms: 700 })]))).status).toBe(204);
    // A page that loaded the player but was never played is no view.
    expect(await get(queryRoute, `/api/data/views/query?assetId=${asset}`)).toEqual([]);

    expect(
      (await report(session([{ type: "play" }, heartbeat({ time_playing_ms: 2000, play_to_first_frame_ms: 300 })])))
        .status,
    ).toBe(204);
    t.advanceClock(5000);
    expect((await report(session([heartbeat({ time_playing_ms: 5000, play_to_first_frame_ms: 9000 })]))).status).toBe(
      204,
    );
    // A hostile player claims a day of playing 5 s later: it counts for the 5 s and the slack.
    t.advanceClock(5000);
    expect((await report(session([heartbeat({ time_playing_ms: 86_000_000 })]))).status).toBe(204);

    const [row] = await get(
      queryRoute,
      `/api/data/views/query?assetId=${asset}&breakdownBy[]=device&breakdownBy[]=playbackId`,
    );
    expect(row).toMatchObject({ playbackId: id, device: "mobile", viewCount: 1, ttffMs: 300, errorRate: 0 });
    // The real clock moves on too, by a few milliseconds.
    expect(row.playtimeMins * 60_000).toBeGreaterThanOrEqual(2000 + 5000 + 5000 + 60_000);
    expect(row.playtimeMins * 60_000).toBeLessThan(2000 + 5000 + 5000 + 60_000 + 1000);
    const [view] = await t.app.db.select().from(playbackViews).where(eq(playbackViews.sessionId, "session-b"));
    expect(view.viewer).toBe("viewer-7");
  });

  it("refuses an oversize body with 413 and a malformed one with 400; answers an unknown playbackId 204 and records nothing", async () => {
    const before = await rowCounts();
    const limitsBefore = await t.app.db.select().from(rateLimits);
    const huge = sessionData(playbackId, "huge", [heartbeat({ time_playing_ms: 1000 })], {
      pad: "x".repeat(64 * 1024),
    });
    await expectError(await report(huge), 413, /larger than the limit of 65536 bytes/);
    await expectError(await report("{not json"), 400, /not valid JSON/);
    await expectError(await report({ session_id: "x", events: [] }), 400, /playback_id/);
    await expectError(
      await report(sessionData(playbackId, "bad", [{ type: "heartbeat", time_playing_ms: "lots" }])),
      400,
      /events\.0\.time_playing_ms/,
    );

    const unknown = sessionData("zzzzzzzzzzzzzzzz", "session-x", [
      { type: "play" },
      heartbeat({ time_playing_ms: 4000, play_to_first_frame_ms: 100 }),
    ]);
    const answered = await report(unknown);
    expect(answered.status).toBe(204);
    expect((await report(sessionData("not a playback id at all", "session-y", [{ type: "play" }]))).status).toBe(204);
    expect(await rowCounts()).toEqual(before);
    const limitsAfter = await t.app.db.select().from(rateLimits);
    expect(
      limitsAfter.map((row) => row.key).filter((key) => key.includes("zzzz") || key.includes("not a playback")),
    ).toEqual([]);
    expect(limitsAfter.length - limitsBefore.length).toBeLessThanOrEqual(1);
  });

  it("counts nothing of another user's views: their asset and playbackId answer 404, their account sums none", async () => {
    await expectError(
      await callRoute(queryRoute.GET, `/api/data/views/query?assetId=${assetId}`, { token: stranger.token }),
      404,
    );
    await expectError(
      await callRoute(queryRoute.GET, `/api/data/views/query?playbackId=${playbackId}`, { token: stranger.token }),
      404,
    );
    await expectError(
      await callRoute(creatorRoute.GET, `/api/data/views/query/creator?assetId=${assetId}`, { token: stranger.token }),
      404,
    );
    await expectError(
      await callRoute(nowRoute.GET, `/api/data/views/now?playbackId=${playbackId}`, { token: stranger.token }),
      404,
    );
    await expectError(
      await callRoute(summaryRoute.GET, `/api/data/views/summary?assetId=${assetId}`, { token: stranger.token }),
      404,
    );
    expect(await get(queryRoute, "/api/data/views/query?breakdownBy[]=playbackId", stranger.token)).toEqual([]);
    expect(
      await get(queryRoute, "/api/data/views/query?breakdownBy[]=browser&breakdownBy[]=os", stranger.token),
    ).toEqual([]);
    expect(await get(nowRoute, "/api/data/views/now", stranger.token)).toEqual([{ viewCount: 0, errorRate: 0 }]);
    expect((await get(queryRoute, "/api/data/views/query", owner.token))[0].viewCount).toBeGreaterThan(0);
  });

  it("answers bad queries with 400 naming the parameter", async () => {
    await expectError(
      await callRoute(queryRoute.GET, "/api/data/views/query?breakdownBy[]=shoeSize", { token: owner.token }),
      400,
      /breakdownBy/,
    );
    await expectError(
      await callRoute(queryRoute.GET, "/api/data/views/query?timeStep=fortnight", { token: owner.token }),
      400,
      /timeStep/,
    );
    await expectError(
      await callRoute(queryRoute.GET, "/api/data/views/query?from=yesterday", { token: owner.token }),
      400,
      /from/,
    );
    await expectError(
      await callRoute(queryRoute.GET, "/api/data/views/query?from=2000&to=1000", { token: owner.token }),
      400,
      /from: must be before to/,
    );
    await expectError(
      await callRoute(queryRoute.GET, "/api/data/views/query?color=red", { token: owner.token }),
      400,
      /color: unknown parameter/,
    );
    await expectError(
      await callRoute(queryRoute.GET, "/api/data/views/query?creatorId=me", { token: owner.token }),
      400,
      /creatorId/,
    );
    await expectError(
      await callRoute(creatorRoute.GET, "/api/data/views/query/creator", { token: owner.token }),
      400,
      /assetId/,
    );
    await expectError(
      await callRoute(queryRoute.GET, "/api/data/views/query?streamId=s", { token: owner.token }),
      404,
      /stream/,
    );
    // Livepeer's SDK sends a Date as an ISO date-time.
    const iso = `/api/data/views/query?from=${new Date(t.app.now() - DAY_MS).toISOString()}&to=${new Date(t.app.now() + 1000).toISOString()}`;
    expect((await get(queryRoute, iso)).length).toBe(1);
  });

  it("buckets views by hour, day, week and month, and the summary fills the panel's 30 days", async () => {
    const { playbackId: id, assetId: asset } = await readyAsset(owner.token);
    for (const [i, agent] of [CHROME, CHROME, IPHONE].entries()) {
      const response = await report(
        sessionData(
          id,
          `day-${i}`,
          [{ type: "play" }, heartbeat({ time_playing_ms: 60_000, play_to_first_frame_ms: 100 * (i + 1) })],
          { user_agent: agent },
        ),
      );
      expect(response.status).toBe(204);
    }
    for (const step of ["hour", "day", "week", "month", "year"]) {
      const rows = await get(queryRoute, `/api/data/views/query?assetId=${asset}&timeStep=${step}`);
      expect(rows, step).toEqual([expect.objectContaining({ viewCount: 3, playtimeMins: 3 })]);
      expect(rows[0].timestamp).toBeLessThanOrEqual(t.app.now());
    }
    const [today] = await get(queryRoute, `/api/data/views/query?assetId=${asset}&timeStep=day`);
    expect(new Date(today.timestamp).toISOString()).toBe(`${new Date(t.app.now()).toISOString().slice(0, 10)}T00:00:00.000Z`);
    const summary = await get(summaryRoute, `/api/data/views/summary?assetId=${asset}`);
    expect(summary).toMatchObject({
      views: 3,
      playtimeMins: 3,
      medianTtffMs: 200,
      errorRate: 0,
      exitsBeforeStart: 0,
      browsers: [
        { name: "Safari", views: 1 },
        { name: "Chrome", views: 2 },
      ].sort((a, b) => b.views - a.views),
    });
    expect(summary.days).toHaveLength(30);
    expect(summary.days.at(-1)).toMatchObject({ views: 3, playtimeMins: 3 });
    expect(summary.countries).toEqual([{ code: "", views: 3 }]);
  });

  it("keeps the roll-ups equal to the views, and prunes both after their retention", async () => {
    const db = t.app.db;
    const [views] = await db.select({ n: count() }).from(playbackViews).where(eq(playbackViews.userId, owner.userId));
    const maintenance = viewMaintenance(db, t.app.config);
    await maintenance.rollUp();
    const [total] = await get(queryRoute, "/api/data/views/query");
    expect(total.viewCount).toBe(views.n);
    const fromViews: Array<{ viewCount: number }> = await get(
      queryRoute,
      "/api/data/views/query?breakdownBy[]=browser&breakdownBy[]=country",
    );
    expect(fromViews.reduce((sum, row) => sum + row.viewCount, 0)).toBe(views.n);

    await maintenance.prune(t.app.now() + (t.app.config.viewRetentionDays + 1) * DAY_MS);
    expect((await rowCounts()).views).toBe(0);
    expect((await get(queryRoute, "/api/data/views/query"))[0].viewCount).toBe(views.n);
    await maintenance.prune(t.app.now() + (t.app.config.viewRollupRetentionDays + 1) * DAY_MS);
    expect(await rowCounts()).toEqual({ views: 0, hours: 0, account: 0, queue: 0 });
  });
});

describe("viewer reports' rate limits", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp("pglite", {
      ANALYTICS_RATE_LIMIT_PER_ADDRESS: "3",
      ANALYTICS_RATE_LIMIT_PER_PLAYBACK_ID: "5",
    });
  });
  afterAll(() => t.close());

  it("holds reports per address and per playbackId, answering 429 with Retry-After", async () => {
    const { token } = await t.createUser();
    const { url, asset } = await requestUpload(token, "popular.mp4");
    expect((await putUpload(url, fixture("h264-aac.mp4"), { "content-type": "video/mp4" })).status).toBe(200);
    await t.app.runner.idle();
    const send = (address: string, id = asset.playbackId) =>
      callRoute(logRoute.POST, "/api/analytics/log", {
        method: "POST",
        body: JSON.stringify(sessionData(id, `from-${address}`, [{ type: "play" }])),
        headers: { "x-forwarded-for": address },
      });
    for (let i = 0; i < 3; i++) expect((await send("203.0.113.1")).status).toBe(204);
    const refused = await send("203.0.113.1");
    await expectError(refused, 429, /this address/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address goes on, until the playbackId's own limit.
    expect((await send("203.0.113.2")).status).toBe(204);
    expect((await send("203.0.113.2")).status).toBe(204);
    await expectError(await send("203.0.113.3"), 429, /this playbackId/);
    // A made-up playbackId spends the address's allowance, not the real one's.
    expect((await send("203.0.113.4", "0000000000000000")).status).toBe(204);
  });
});
