import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as usageRoute from "@/app/api/usage/route";
import type { Asset } from "@/lib/assets/schemas";
import { usageDays, usageTotals, users } from "@/lib/db/schema";
import { insertTask } from "@/lib/db/tasks";
import { findUsageTotals, recountUsage } from "@/lib/db/usage";
import { fetchHandlers as hlsFile } from "@/pages/api/hls/[playbackId]/[version]/[file]";
import { fetchHandlers as hlsPlaylist } from "@/pages/api/hls/[playbackId]/index.m3u8";
import { fetchHandlers as video } from "@/pages/api/playback/[playbackId]/video.mp4";
import type { Usage } from "@/lib/usage/schemas";
import { fixture, getAsset, putUpload, requestUpload, routes } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

const DAY_MS = 86_400_000;

describe.each(testDatabaseKinds)("GET /api/usage on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind, { RATE_LIMIT_PER_MINUTE: "1000" });
  });
  afterAll(() => t.close());

  async function usage(token: string): Promise<Usage> {
    const response = await callRoute(usageRoute.GET, "/api/usage", { token });
    expect(response.status).toBe(200);
    return response.json();
  }

  async function upload(token: string, name: string, file: string): Promise<string> {
    const { url, asset } = await requestUpload(token, name);
    expect((await putUpload(url, fixture(file), { "content-type": "video/mp4" })).status).toBe(200);
    await t.app.runner.idle();
    return asset.id;
  }

  async function listed(token: string): Promise<Asset[]> {
    return (await callRoute(routes.assetList.GET, "/api/asset?limit=100", { token })).json();
  }

  it("counts the caller's assets by status, their bytes and seconds, this month's exports and the uploads of each day", async () => {
    const { token, userId } = await t.createUser();
    const stranger = await t.createUser();
    await upload(stranger.token, "not mine.mp4", "h264-aac.mp4");
    expect(await usage(token)).toMatchObject({
      assets: { total: 0, waiting: 0, processing: 0, ready: 0, failed: 0 },
      storageBytes: 0,
      uploadedSeconds: 0,
      exportsThisMonth: 0,
    });

    // Two days pass after the first asset (the clock only goes forward, as rate limits expect).
    await requestUpload(token, "asked for two days ago");
    t.advanceClock(2 * DAY_MS);
    const ready = await upload(token, "ready.mp4", "h264-aac.mp4");
    await upload(token, "refused.mp4", "aac-only.mp4");
    const deleted = await upload(token, "deleted.mp4", "h264-aac.mp4");
    expect((await callRoute(routes.assetById.DELETE, `/api/asset/${deleted}`, { method: "DELETE", token, params: { id: deleted } })).status).toBe(204);
    await requestUpload(token, "waiting");

    const now = t.app.now();
    const date = new Date(now);
    const monthStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    const exportTask = (createdAt: number) =>
      insertTask(t.app.db, { userId, type: "export", inputAssetId: ready, params: {}, phase: "completed", statusUpdatedAt: createdAt, createdAt, updatedAt: createdAt });
    await exportTask(now);
    await exportTask(monthStart - 1);

    const assets = await listed(token);
    const got = await usage(token);
    const countOf = (status: string) => assets.filter((asset) => asset.status === status).length;
    expect(got.assets).toEqual({ total: 4, waiting: 2, processing: 0, ready: 1, failed: 1 });
    expect(got.assets).toEqual({ total: assets.length, waiting: countOf("waiting"), processing: countOf("processing"), ready: countOf("ready"), failed: countOf("failed") });
    const bytes = fixture("h264-aac.mp4").length + fixture("aac-only.mp4").length;
    expect(got.storageBytes).toBe(bytes);
    expect(assets.reduce((sum, asset) => sum + (asset.size ?? 0), 0)).toBe(bytes);
    const seconds = assets.reduce((sum, asset) => sum + (asset.videoSpec?.duration ?? 0), 0);
    expect(seconds).toBeGreaterThan(1);
    expect(got.uploadedSeconds).toBeCloseTo(seconds, 3);
    expect(got.exportsThisMonth).toBe(1);
    expect(got.monthStart).toBe(monthStart);

    // 30 UTC days, today last; the deleted asset still counts on the day it was created.
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    expect(got.days).toHaveLength(30);
    expect(got.days.map((day) => day.start)).toEqual(Array.from({ length: 30 }, (_, i) => today - (29 - i) * DAY_MS));
    expect(got.days.at(-1)!.uploads).toBe(4);
    expect(got.days.at(-3)!.uploads).toBe(1);
    expect(got.days.reduce((sum, day) => sum + day.uploads, 0)).toBe(5);
  });

  it("keeps totals that a recount from the assets table confirms, and removes them with their user", async () => {
    const { token, userId } = await t.createUser();
    await upload(token, "one.mp4", "h264-aac.mp4");
    await upload(token, "two.mp4", "h264-aac-moov-end.mp4");
    await upload(token, "three.mp4", "truncated.mp4");
    await requestUpload(token, "four");
    const kept = await findUsageTotals(t.app.db, userId);
    await recountUsage(t.app.db, userId);
    const recounted = await findUsageTotals(t.app.db, userId);
    expect(kept).toEqual(recounted);
    expect(kept).toMatchObject({ ready: 2, failed: 1, waiting: 1, processing: 0 });

    await t.app.db.delete(users).where(eq(users.id, userId));
    expect(await t.app.db.select().from(usageTotals).where(eq(usageTotals.userId, userId))).toEqual([]);
    expect(await t.app.db.select().from(usageDays).where(eq(usageDays.userId, userId))).toEqual([]);
  });

  it("counts what players read of the MP4 and HLS segments as delivered, per day, once written", async () => {
    const { token } = await t.createUser();
    const id = await upload(token, "watched.mp4", "h264-aac.mp4");
    const asset: Asset = await (await getAsset(token, id)).json();
    const { playbackId } = asset;
    const get = async (handler: unknown, path: string, params: Record<string, string>, headers: Record<string, string> = {}) => {
      const response = await callRoute(handler, path, { params: { playbackId, ...params }, headers });
      expect(response.status).toBeLessThan(300);
      return Buffer.from(await response.arrayBuffer());
    };

    // A player's range of the MP4, then a whole segment; HEAD, playlists and the init segment are not video.
    expect((await get(video.GET, `/api/playback/${playbackId}/video.mp4`, {}, { range: "bytes=0-9999" })).length).toBe(10_000);
    await callRoute(video.HEAD, `/api/playback/${playbackId}/video.mp4`, { method: "HEAD", params: { playbackId } });
    const playlist = (await get(hlsPlaylist.GET, `/api/hls/${playbackId}/index.m3u8`, {})).toString();
    const segmentSeconds = Number(/#EXTINF:([\d.]+),/.exec(playlist)![1]);
    const [version, file] = playlist.split("\n").find((line) => line.includes(".m4s"))!.split("?")[0].split("/").slice(-2);
    await get(hlsFile.GET, `/api/hls/${playbackId}/${version}/init.mp4`, { version, file: "init.mp4" });
    const segment = await get(hlsFile.GET, `/api/hls/${playbackId}/${version}/${file}`, { version, file });

    // Nothing shows before the node writes its sums (each maintenance tick; here, at once).
    expect((await usage(token)).deliveredBytes).toBe(0);
    await t.app.deliveries.flush();
    const got = await usage(token);
    const size = fixture("h264-aac.mp4").length;
    const seconds = (10_000 / size) * asset.videoSpec!.duration + segmentSeconds;
    expect(got.deliveredBytes).toBe(10_000 + segment.length);
    expect(got.deliveredSeconds).toBeCloseTo(seconds, 2);
    expect(got.days.at(-1)).toMatchObject({ deliveredBytes: 10_000 + segment.length });
    expect(got.days.at(-1)!.deliveredSeconds).toBeCloseTo(seconds, 2);
    // Nodes add their sums: a second flush of new reads adds to the same day.
    await get(video.GET, `/api/playback/${playbackId}/video.mp4`, {}, { range: "bytes=0-999" });
    await t.app.deliveries.flush();
    expect((await usage(token)).deliveredBytes).toBe(11_000 + segment.length);
  });

  it("refuses a parameter it does not take, naming it, rather than ignoring it", async () => {
    const { token } = await t.createUser();
    const response = await callRoute(usageRoute.GET, "/api/usage?days=90", { token });
    expect(response.status).toBe(400);
    expect((await response.json()).errors.join(" ")).toMatch(/days/);
  });

  it("answers 401 without a token", async () => {
    expect((await callRoute(usageRoute.GET, "/api/usage")).status).toBe(401);
  });
});
