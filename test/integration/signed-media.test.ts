import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Asset } from "@/lib/assets/schemas";
import { fetchHandlers as hlsFile } from "@/pages/api/hls/[playbackId]/[version]/[file]";
import { fetchHandlers as hlsPlaylist } from "@/pages/api/hls/[playbackId]/index.m3u8";
import { fetchHandlers as poster } from "@/pages/api/playback/[playbackId]/poster.jpg";
import { fetchHandlers as video } from "@/pages/api/playback/[playbackId]/video.mp4";
import { fixturePath, routes } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { expectError } from "../helpers/expect-error";
import { readyAsset } from "../helpers/export-api";
import { startMediaServer } from "../helpers/media-http";
import { ffmpegInstalled, videoFrameHashes } from "../helpers/media-tools";
import { newSigningKey, signingKeyCall, viewerToken } from "../helpers/signed-playback";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

/** A media URL of the app, called in-process: `/api/hls/…` or `/api/playback/…` with its query. */
function media(url: string, headers: Record<string, string> = {}) {
  const { pathname } = new URL(url, "http://service.test");
  const hls = /^\/api\/hls\/([^/]+)\/(?:index\.m3u8|([^/]+)\/([^/]+))$/.exec(pathname);
  if (hls) {
    const [, playbackId, version, file] = hls;
    const handler = version ? hlsFile.GET : hlsPlaylist.GET;
    return callRoute(handler, url, { params: version ? { playbackId, version, file } : { playbackId }, headers });
  }
  const [, playbackId, name] = /^\/api\/playback\/([^/]+)\/(video\.mp4|poster\.jpg)$/.exec(pathname)!;
  return callRoute((name === "video.mp4" ? video : poster).GET, url, { params: { playbackId }, headers });
}

/** The init and segment URIs a playlist lists, made absolute against its own URL. */
function listedUris(playlistUrl: string, text: string): string[] {
  const uris = [/#EXT-X-MAP:URI="([^"]+)"/.exec(text)![1], ...text.split("\n").filter((line) => line && !line.startsWith("#"))];
  return uris.map((uri) => new URL(uri, new URL(playlistUrl, "http://service.test")).toString());
}

function withoutQuery(url: string): string {
  return url.split("?")[0];
}

describe.each(testDatabaseKinds)("signed HLS and MP4 on %s", (kind) => {
  let t: TestApp;
  let owner: { token: string };
  let asset: Asset;
  let key: Awaited<ReturnType<typeof newSigningKey>>;

  const playlistUrl = (query = "") => `/api/hls/${asset.playbackId}/index.m3u8${query}`;

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await t.createUser();
    asset = await readyAsset(t, owner.token, "h264-aac.mp4", "Private");
    const patched = await callRoute(routes.assetById.PATCH, `/api/asset/${asset.id}`, {
      method: "PATCH",
      token: owner.token,
      params: { id: asset.id },
      json: { playbackPolicy: { type: "jwt" } },
    });
    expect(patched.status).toBe(200);
    key = await newSigningKey(owner.token);
  });
  afterAll(() => t.close());

  it("answers 401 with no token on the playlist, segments, MP4 and poster", async () => {
    for (const url of [playlistUrl(), `/api/hls/${asset.playbackId}/v1/init.mp4`, `/api/hls/${asset.playbackId}/v1/0.m4s`, `/api/playback/${asset.playbackId}/video.mp4`, `/api/playback/${asset.playbackId}/poster.jpg`]) {
      await expectError(await media(url), 401, /needs a playback token/);
    }
  });

  it("plays with a viewer token in ?jwt= or Livepeer-Jwt: segment URLs carry a media token and need no header; stripped of it they are refused", async () => {
    const jwt = await viewerToken(key, asset.playbackId);
    for (const [url, headers] of [[playlistUrl(`?jwt=${jwt}`), {}], [playlistUrl(), { "livepeer-jwt": jwt }]] as const) {
      const list = await media(url, headers);
      expect(list.status).toBe(200);
      expect(list.headers.get("cache-control")).toBe("private, no-store");
      const uris = listedUris(url, await list.text());
      expect(uris.length).toBeGreaterThan(1);
      for (const uri of uris) {
        expect(new URL(uri).searchParams.get("token")).toBeTruthy();
        expect(new URL(uri).pathname).toMatch(/\.(mp4|m4s)$/);
        const got = await media(uri);
        expect(got.status, uri).toBe(200);
        expect(got.headers.get("cache-control")).not.toMatch(/public/);
        await expectError(await media(withoutQuery(uri)), 401, /needs a playback token/);
        await expectError(await media(`${withoutQuery(uri)}?token=${new URL(uri).searchParams.get("token")!.slice(0, -2)}xx`), 403);
      }
    }
    for (const file of ["video.mp4", "poster.jpg"]) {
      expect((await media(`/api/playback/${asset.playbackId}/${file}?jwt=${jwt}`)).status).toBe(200);
      expect((await media(`/api/playback/${asset.playbackId}/${file}`, { "livepeer-jwt": jwt })).status).toBe(200);
    }
  });

  it("refuses the media tokens of a playlist once the key that granted them is disabled", async () => {
    const rotating = await newSigningKey(owner.token, "rotating");
    const url = playlistUrl(`?jwt=${await viewerToken(rotating, asset.playbackId)}`);
    const [, segment] = listedUris(url, await (await media(url)).text());
    expect((await media(segment)).status).toBe(200);
    expect((await signingKeyCall("PATCH", owner.token, rotating.id, { disabled: true })).status).toBe(204);
    await expectError(await media(segment), 403);
  });

  it("refuses a viewer token of another playbackId, and an expired one, on every media URL", async () => {
    const other = await readyAsset(t, owner.token, "h264-aac.mp4", "Other");
    const wrong = await viewerToken(key, other.playbackId);
    const expired = await viewerToken(key, asset.playbackId, -60);
    for (const jwt of [wrong, expired]) {
      for (const url of [playlistUrl(`?jwt=${jwt}`), `/api/hls/${asset.playbackId}/v1/0.m4s?jwt=${jwt}`, `/api/playback/${asset.playbackId}/video.mp4?jwt=${jwt}`]) {
        await expectError(await media(url), 403);
      }
    }
  });

  it("a policy change holds at once: public URLs stop when the asset becomes jwt, and work again without a token when it is public", async () => {
    const changing = await readyAsset(t, owner.token, "h264-aac.mp4", "Changing");
    const segmentUrl = `/api/hls/${changing.playbackId}/v1/0.m4s`;
    const open = await media(segmentUrl);
    expect(open.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const patch = (type: string) =>
      callRoute(routes.assetById.PATCH, `/api/asset/${changing.id}`, { method: "PATCH", token: owner.token, params: { id: changing.id }, json: { playbackPolicy: { type } } });
    expect((await patch("jwt")).status).toBe(200);
    await expectError(await media(segmentUrl), 401);
    expect((await patch("public")).status).toBe(200);
    expect((await media(segmentUrl)).status).toBe(200);
  });

  it("the owner plays through the API token it authenticates with, for the dashboard's player", async () => {
    const list = await media(playlistUrl(), { authorization: `Bearer ${owner.token}` });
    expect(list.status).toBe(200);
    const [init] = listedUris(playlistUrl(), await list.text());
    expect((await media(init)).status).toBe(200);
  });

  it.skipIf(!ffmpegInstalled)("ffmpeg plays the signed playlist URL with no header of its own, every frame as in the MP4", async () => {
    const server = await startMediaServer();
    try {
      const jwt = await viewerToken(key, asset.playbackId);
      const url = `${server.origin}${playlistUrl(`?jwt=${jwt}`)}`;
      expect(await videoFrameHashes(url)).toEqual(await videoFrameHashes(fixturePath("h264-aac.mp4")));
    } finally {
      await server.close();
    }
  });
});
