import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as trackById from "@/app/api/asset/[id]/tracks/[trackId]/route";
import * as trackList from "@/app/api/asset/[id]/tracks/route";
import type { Asset } from "@/lib/assets/schemas";
import type { Track } from "@/lib/captions/schemas";
import { assetTrackKey } from "@/lib/storage/types";
import { fetchHandlers as hlsFile } from "@/pages/api/hls/[playbackId]/[version]/[file]";
import { fetchHandlers as hlsPlaylist } from "@/pages/api/hls/[playbackId]/index.m3u8";
import { fixturePath, getAsset, putUpload, requestUpload, routes } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { expectError } from "../helpers/expect-error";
import { startMediaServer } from "../helpers/media-http";
import { ffmpegInstalled, makeTestVideo } from "../helpers/media-tools";
import { newSigningKey, viewerToken } from "../helpers/signed-playback";
import { startSourceServer, type SourceServer } from "../helpers/source-server";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

const ENGLISH_VTT = "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello from the first segment\n\n00:00:05.000 --> 00:00:07.500\nAcross the first boundary\n\n00:00:12.500 --> 00:00:13.500\nIn the last segment\n";
const FRENCH_SRT = "1\n00:00:02,000 --> 00:00:04,000\nBonjour\n\n2\n00:00:08,000 --> 00:00:09,000\n<i>Au revoir</i>\n";

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-tracks-"));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

function addTrack(token: string, assetId: string, json: unknown) {
  return callRoute(trackList.POST, `/api/asset/${assetId}/tracks`, { method: "POST", token, json, params: { id: assetId } });
}

function listTracks(token: string, assetId: string) {
  return callRoute(trackList.GET, `/api/asset/${assetId}/tracks`, { token, params: { id: assetId } });
}

function removeTrack(token: string, assetId: string, trackId: string) {
  return callRoute(trackById.DELETE, `/api/asset/${assetId}/tracks/${trackId}`, { method: "DELETE", token, params: { id: assetId, trackId } });
}

async function hls(playbackId: string, dir?: string, file?: string, query = ""): Promise<Response> {
  if (!dir) return callRoute(hlsPlaylist.GET, `/api/hls/${playbackId}/index.m3u8${query}`, { params: { playbackId } });
  const [name, search = ""] = file!.split("?");
  return callRoute(hlsFile.GET, `/api/hls/${playbackId}/${dir}/${name}${search ? `?${search}` : query}`, { params: { playbackId, version: dir, file: name } });
}

async function uploadReady(t: TestApp, token: string, file: string): Promise<Asset> {
  const { url, asset } = await requestUpload(token, path.basename(file));
  expect((await putUpload(url, fs.readFileSync(file), { "content-type": "video/mp4" })).status).toBe(200);
  await t.app.runner.idle();
  const ready: Asset = await (await getAsset(token, asset.id)).json();
  expect(ready.status).toBe("ready");
  return ready;
}

/** The `#EXTINF` durations of a media playlist, and its URIs. */
function segmentsOf(playlist: string): Array<{ duration: number; uri: string }> {
  const lines = playlist.trim().split("\n");
  return lines.flatMap((line, i) => (line.startsWith("#EXTINF:") ? [{ duration: Number.parseFloat(line.slice(8)), uri: lines[i + 1] }] : []));
}

function subtitleMedia(master: string): Array<Record<string, string>> {
  return master
    .split("\n")
    .filter((line) => line.startsWith("#EXT-X-MEDIA:TYPE=SUBTITLES"))
    .map((line) => Object.fromEntries([...line.matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g)].map(([, key, value]) => [key, value.replace(/^"|"$/g, "")])));
}

describe.skipIf(!ffmpegInstalled).each(testDatabaseKinds)("subtitle and caption tracks, on %s", (kind) => {
  let t: TestApp;
  let token: string;
  let source: SourceServer;
  let asset: Asset;

  beforeAll(async () => {
    source = await startSourceServer({
      "/fr.srt": { body: Buffer.from(FRENCH_SRT), contentType: "application/x-subrip" },
      "/big.vtt": { body: Buffer.from(`WEBVTT\n\n${"00:00:01.000 --> 00:00:02.000\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n\n".repeat(30_000)}`), contentType: "text/vtt" },
    });
    t = await startTestApp(kind, { EXPORT_ALLOWED_HOSTS: source.host, TRANSCODE_PRESET: "ultrafast" });
    ({ token } = await t.createUser());
    // 14 s, a keyframe every 2 s: segments of about 6 s ([0, 6), [6, 12), [12, 14)).
    asset = await uploadReady(t, token, makeTestVideo(mediaDir, "b-frames-moov-end"));
  });
  afterAll(async () => {
    await t.close();
    await source.close();
  });

  it("adds a WebVTT track inline and an SRT one by URL, lists them and shows them on the asset", async () => {
    const english = await addTrack(token, asset.id, { type: "text", textType: "captions", languageCode: "en", text: ENGLISH_VTT });
    expect(english.status).toBe(201);
    const en: Track = await english.json();
    expect(en).toEqual({ id: expect.any(String), type: "text", textType: "captions", languageCode: "en", name: "English (CC)", status: "ready" });
    const french = await addTrack(token, asset.id, { type: "text", textType: "subtitles", languageCode: "fr-ca", name: "Français", url: `${source.url}/fr.srt` });
    expect(french.status).toBe(201);
    const fr: Track = await french.json();
    expect(fr).toMatchObject({ textType: "subtitles", languageCode: "fr-CA", name: "Français", status: "ready" });
    // Stored as WebVTT, whatever came in.
    const stored = await t.app.storage.createReadStream(assetTrackKey(asset.id, fr.id));
    const text = (await stored.toArray()).join("");
    expect(text).toBe("WEBVTT\n\n00:00:02.000 --> 00:00:04.000\nBonjour\n\n00:00:08.000 --> 00:00:09.000\n<i>Au revoir</i>\n\n");

    expect(await (await listTracks(token, asset.id)).json()).toEqual([en, fr]);
    expect((await (await getAsset(token, asset.id)).json()).tracks).toEqual([en, fr]);
  });

  it("answers 422 naming the line of a malformed file, the field of a bad request, 413 past 2 MiB", async () => {
    const base = { type: "text", textType: "subtitles", languageCode: "de" };
    await expectError(await addTrack(token, asset.id, { ...base, text: "WEBVTT\n\n00:01.000 --> 00:02.000\nok\n\n00:03.000 --> 00:0x.000\nbad\n" }), 422, /^text: not WebVTT or SRT: line 6: /);
    await expectError(await addTrack(token, asset.id, { ...base, text: "1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03,000\n" }), 422, /^text: not WebVTT or SRT: line 6: /);
    await expectError(await addTrack(token, asset.id, { ...base, languageCode: "not a language" }), 422, /^languageCode: /);
    await expectError(await addTrack(token, asset.id, { ...base, textType: "chapters", text: ENGLISH_VTT }), 422, /^textType: /);
    await expectError(await addTrack(token, asset.id, base), 422, /^text: give either url or text/);
    await expectError(await addTrack(token, asset.id, { ...base, text: ENGLISH_VTT, url: `${source.url}/fr.srt` }), 422, /^url: give either/);
    await expectError(await addTrack(token, asset.id, { ...base, url: `${source.url}/missing.vtt` }), 422, /^url: the source answered 404/);
    await expectError(await addTrack(token, asset.id, { ...base, url: "http://127.0.0.1:9/fr.srt" }), 422, /^url: refused: /);
    await expectError(await addTrack(token, asset.id, { ...base, url: `${source.url}/big.vtt` }), 413, /^url: the file is larger than 2 MiB/);
    const big = `WEBVTT\n\n${"00:00:01.000 --> 00:00:02.000\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n\n".repeat(30_000)}`;
    await expectError(await addTrack(token, asset.id, { ...base, text: big }), 413, /^text: the file is larger than 2 MiB/);
    expect(await (await listTracks(token, asset.id)).json()).toHaveLength(2);
  });

  it("another user's asset, or track, is not found", async () => {
    const other = await t.createUser();
    await expectError(await addTrack(other.token, asset.id, { type: "text", textType: "subtitles", languageCode: "en", text: ENGLISH_VTT }), 404);
    await expectError(await listTracks(other.token, asset.id), 404);
    const [track] = await (await listTracks(token, asset.id)).json();
    await expectError(await removeTrack(other.token, asset.id, track.id), 404);
  });

  it("HLS: a multivariant playlist with one SUBTITLES rendition per track, every variant naming the group", async () => {
    const master = await (await hls(asset.playbackId)).text();
    expect(master).toMatch(/^#EXTM3U\n/);
    const [en, fr] = await (await listTracks(token, asset.id)).json();
    expect(subtitleMedia(master)).toEqual([
      {
        TYPE: "SUBTITLES", "GROUP-ID": "subs", LANGUAGE: "en", NAME: "English (CC)", DEFAULT: "NO", AUTOSELECT: "YES",
        CHARACTERISTICS: "public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound",
        URI: `sub-${en.id}/index.m3u8`,
      },
      { TYPE: "SUBTITLES", "GROUP-ID": "subs", LANGUAGE: "fr-CA", NAME: "Français", DEFAULT: "NO", AUTOSELECT: "YES", URI: `sub-${fr.id}/index.m3u8` },
    ]);
    const streams = master.split("\n").filter((line) => line.startsWith("#EXT-X-STREAM-INF:"));
    expect(streams.length).toBeGreaterThan(0);
    for (const line of streams) expect(line).toContain('SUBTITLES="subs"');
    // The video itself, as a media playlist beside it.
    const videoUri = master.split("\n")[master.split("\n").indexOf(streams[0]) + 1];
    expect(videoUri).toBe("v1/index.m3u8");
  });

  it("each subtitle segment matches a video segment and maps the video's timeline; a cue across a boundary is in both", async () => {
    const [en] = await (await listTracks(token, asset.id)).json();
    const video = segmentsOf(await (await hls(asset.playbackId, "v1", "index.m3u8")).text());
    const subtitles = segmentsOf(await (await hls(asset.playbackId, `sub-${en.id}`, "index.m3u8")).text());
    expect(video.length).toBe(3);
    expect(subtitles.map((s) => s.duration)).toEqual(video.map((s) => s.duration));
    expect(subtitles.map((s) => s.uri)).toEqual(["0.vtt", "1.vtt", "2.vtt"]);
    const segments = await Promise.all(subtitles.map(async (s) => {
      const response = await hls(asset.playbackId, `sub-${en.id}`, s.uri);
      expect(response.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
      return response.text();
    }));
    for (const segment of segments) expect(segment.split("\n").slice(0, 2)).toEqual(["WEBVTT", "X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000"]);
    expect(segments[0]).toContain("00:00:01.000 --> 00:00:03.000\nHello from the first segment");
    expect(segments[0]).toContain("00:00:05.000 --> 00:00:07.500\nAcross the first boundary");
    expect(segments[1]).toContain("00:00:05.000 --> 00:00:07.500\nAcross the first boundary");
    expect(segments[1]).not.toContain("Hello");
    expect(segments[2]).toBe("WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\n\n00:00:12.500 --> 00:00:13.500\nIn the last segment\n\n");
    expect((await hls(asset.playbackId, `sub-${en.id}`, "3.vtt")).status).toBe(404);
  });

  it("ffmpeg reads a subtitle rendition: every cue once, at its time", async () => {
    const master = await (await hls(asset.playbackId)).text();
    const server = await startMediaServer();
    try {
      // This ffmpeg (5.1) leaves a multivariant playlist's SUBTITLES renditions out: it reads the one the playlist names.
      const uri = `${server.origin}/api/hls/${asset.playbackId}/${subtitleMedia(master)[0].URI}`;
      // Not spawnSync: the server answering ffmpeg runs in this process.
      const run = await promisify(execFile)("ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", uri, "-f", "webvtt", "-"], { timeout: 60_000 });
      expect(run.stderr).toBe("");
      expect(run.stdout).toBe(
        "WEBVTT\n\n00:01.000 --> 00:03.000\nHello from the first segment\n\n00:05.000 --> 00:07.500\nAcross the first boundary\n\n00:12.500 --> 00:13.500\nIn the last segment\n",
      );
    } finally {
      await server.close();
    }
  });

  it("removing a track removes its rendition and its file; the last one gone, the playlist is the video's again", async () => {
    const [en, fr] = await (await listTracks(token, asset.id)).json();
    expect((await removeTrack(token, asset.id, fr.id)).status).toBe(204);
    expect(await t.app.storage.stat(assetTrackKey(asset.id, fr.id))).toBeUndefined();
    const master = await (await hls(asset.playbackId)).text();
    expect(subtitleMedia(master).map((m) => m.NAME)).toEqual(["English (CC)"]);
    expect((await hls(asset.playbackId, `sub-${fr.id}`, "index.m3u8")).status).toBe(404);
    await expectError(await removeTrack(token, asset.id, fr.id), 404);
    expect((await removeTrack(token, asset.id, en.id)).status).toBe(204);
    const plain = await (await hls(asset.playbackId)).text();
    expect(plain).not.toContain("EXT-X-MEDIA:");
    expect(plain).toContain("#EXT-X-MAP:URI=");
  });

  it("signed playback: the subtitle URIs carry the media token; without one they answer 401", async () => {
    const signed = await uploadReady(t, token, fixturePath("h264-aac.mp4"));
    await callRoute(routes.assetById.PATCH, `/api/asset/${signed.id}`, { method: "PATCH", token, params: { id: signed.id }, json: { playbackPolicy: { type: "jwt" } } });
    const track: Track = await (await addTrack(token, signed.id, { type: "text", textType: "subtitles", languageCode: "es", text: FRENCH_SRT })).json();
    const key = await newSigningKey(token);
    const jwt = await viewerToken(key, signed.playbackId);
    const master = await (await hls(signed.playbackId, undefined, undefined, `?jwt=${jwt}`)).text();
    const uri = subtitleMedia(master)[0].URI;
    expect(uri).toMatch(new RegExp(`^sub-${track.id}/index\\.m3u8\\?token=`));
    const query = uri.slice(uri.indexOf("?"));
    const playlist = await hls(signed.playbackId, `sub-${track.id}`, "index.m3u8", query);
    expect(playlist.status).toBe(200);
    const first = segmentsOf(await playlist.text())[0].uri;
    expect(first).toBe(`0.vtt${query}`);
    const segment = await hls(signed.playbackId, `sub-${track.id}`, first);
    expect(segment.status).toBe(200);
    expect(segment.headers.get("cache-control")).not.toContain("public");
    expect(await segment.text()).toContain("Bonjour");
    await expectError(await hls(signed.playbackId, `sub-${track.id}`, "0.vtt"), 401);
  });

  it("a transcoded asset's multivariant playlist lists the tracks, their segments aligned with its rungs'", async () => {
    const hevc = await uploadReady(t, token, fixturePath("hevc-aac.mp4"));
    const track: Track = await (await addTrack(token, hevc.id, { type: "text", textType: "subtitles", languageCode: "en", text: ENGLISH_VTT })).json();
    const master = await (await hls(hevc.playbackId)).text();
    expect(subtitleMedia(master).map((m) => m.URI)).toEqual([`sub-${track.id}/index.m3u8`]);
    const lines = master.split("\n");
    const streams = lines.filter((line) => line.startsWith("#EXT-X-STREAM-INF:"));
    for (const line of streams) expect(line).toContain('SUBTITLES="subs"');
    const rung = segmentsOf(await (await hls(hevc.playbackId, ...(lines[lines.indexOf(streams[0]) + 1].split("/") as [string, string]))).text());
    const subtitles = segmentsOf(await (await hls(hevc.playbackId, `sub-${track.id}`, "index.m3u8")).text());
    expect(subtitles.map((s) => s.duration)).toEqual(rung.map((s) => s.duration));
  });

  it("tracks are deleted with their asset", async () => {
    const doomed = await uploadReady(t, token, fixturePath("h264-aac.mp4"));
    const track: Track = await (await addTrack(token, doomed.id, { type: "text", textType: "subtitles", languageCode: "en", text: ENGLISH_VTT })).json();
    expect(await t.app.storage.stat(assetTrackKey(doomed.id, track.id))).toBeDefined();
    expect((await callRoute(routes.assetById.DELETE, `/api/asset/${doomed.id}`, { method: "DELETE", token, params: { id: doomed.id } })).status).toBe(204);
    expect(await t.app.storage.stat(assetTrackKey(doomed.id, track.id))).toBeUndefined();
    await expectError(await listTracks(token, doomed.id), 404);
  });
});
