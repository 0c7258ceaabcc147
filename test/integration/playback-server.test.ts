import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Livepeer } from "livepeer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture } from "../helpers/api";
import { ffmpegInstalled } from "../helpers/media-tools";
import { api, SERVER_TOKEN, startServer, type ServerProcess } from "../helpers/server-process";
import { viewerToken } from "../helpers/signed-playback";

/** Playback through the real server (`next start`): what a player, an iframe and Livepeer's SDK see. */
describe("playback from the production server", () => {
  let server: ServerProcess;
  let dataDir: string;
  let playbackId: string;
  const bytes = fixture("h264-aac.mp4");

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-playback-"));
    server = await startServer({ DATA_DIR: dataDir });
    const { url, asset } = await (await api(server, "/api/asset/request-upload", { method: "POST", json: { name: "Embedded <film>" } })).json();
    expect((await fetch(url, { method: "PUT", body: bytes })).status).toBe(200);
    for (let i = 0; i < 100; i++) {
      const current = await (await api(server, `/api/asset/${asset.id}`)).json();
      if (current.status !== "processing" && current.status !== "waiting") break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    playbackId = asset.playbackId;
  });
  afterAll(async () => {
    await server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("gives Livepeer's SDK the MP4 source, whose URL answers a Range request with 206", async () => {
    const sdk = new Livepeer({ apiKey: SERVER_TOKEN, serverURL: `${server.url}/api` });
    const { playbackInfo } = await sdk.playback.get(playbackId);
    const mp4 = playbackInfo?.meta.source.find((source) => source.hrn === "MP4");
    expect(mp4).toMatchObject({ type: "html5/video/mp4", url: `${server.url}/api/playback/${playbackId}/video.mp4`, size: bytes.length });
    if (ffmpegInstalled) expect(playbackInfo?.meta.source.map((source) => source.hrn)).toEqual(["HLS (TS)", "MP4", "Thumbnail (JPEG)", "Thumbnails"]);

    const part = await fetch(mp4!.url, { headers: { range: "bytes=1000-1999" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(part.headers.get("content-length")).toBe("1000");
    expect(part.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);

    const whole = await fetch(mp4!.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-length")).toBe(String(bytes.length));
    await whole.arrayBuffer();
  });

  it("the SDK gets a 404 error for an unknown playbackId", async () => {
    const sdk = new Livepeer({ apiKey: SERVER_TOKEN, serverURL: `${server.url}/api` });
    await expect(sdk.playback.get("0000000000000000")).rejects.toThrow();
  });

  it("serves /play/{playbackId} as a bare player that other sites may frame", async () => {
    const page = await fetch(`${server.url}/play/${playbackId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-frame-options")).toBeNull();
    expect(page.headers.get("content-security-policy") ?? "").not.toMatch(/frame-ancestors/);
    const html = await page.text();
    const video = html.match(/<video[^>]*>/)?.[0] ?? "";
    // The player picks its source in the browser (hls.js, native HLS, or the MP4): both are in the page.
    expect(html).toContain(`/api/hls/${playbackId}/index.m3u8`);
    expect(html).toContain(`/api/playback/${playbackId}/video.mp4`);
    expect(video).toMatch(/ controls=""/);
    expect(video).toMatch(/ playsInline=""/i);
    expect(video).toContain('aria-label="Embedded &lt;film&gt;"');
    if (ffmpegInstalled) expect(video).toContain(`poster="/api/playback/${playbackId}/poster.jpg"`);
  });

  it("names a private video's player page only for a viewer with a valid token", async () => {
    const name = "A private film name";
    const { url, asset } = await (await api(server, "/api/asset/request-upload", { method: "POST", json: { name, playbackPolicy: { type: "jwt" } } })).json();
    expect((await fetch(url, { method: "PUT", body: bytes })).status).toBe(200);
    for (let i = 0; i < 100 && (await (await api(server, `/api/asset/${asset.id}`)).json()).status !== "ready"; i++) await new Promise((r) => setTimeout(r, 200));
    const key = await (await api(server, "/api/access-control/signing-key", { method: "POST" })).json();
    const page = async (query = "") => (await fetch(`${server.url}/play/${asset.playbackId}${query}`)).text();
    for (const query of ["", "?jwt=not-a-token"]) {
      const html = await page(query);
      expect(html).toContain("<title>Video ·");
      expect(html).not.toContain(name);
    }
    const jwt = await viewerToken(key, asset.playbackId);
    expect(await page(`?jwt=${jwt}`)).toContain(`<title>${name}`);
  });

  it("answers 404 for an unknown player page, and keeps every other page out of frames", async () => {
    expect((await fetch(`${server.url}/play/0000000000000000`)).status).toBe(404);
    const signIn = await fetch(`${server.url}/sign-in`);
    expect(signIn.headers.get("x-frame-options")).toBe("DENY");
    expect(signIn.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
  });
});
