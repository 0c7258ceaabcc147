import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as playbackRoute from "@/app/api/playback/[playbackId]/route";
import type { Asset } from "@/lib/assets/schemas";
import { callRoute } from "../helpers/call-route";
import * as assetRoute from "@/app/api/asset/[id]/route";
import * as requestUploadRoute from "@/app/api/asset/request-upload/route";
import { getAsset, putUpload, requestUpload } from "../helpers/api";
import { eventually } from "../helpers/eventually";
import { ffmpegInstalled, startsWithKeyframe } from "../helpers/media-tools";
import { startMediaServer } from "../helpers/media-http";
import { newSigningKey, viewerToken } from "../helpers/signed-playback";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { decodeAll, ffprobeJson, makeTranscodeSource, SOURCE_SECONDS, TRANSCODE_SOURCES, type TranscodeSource } from "../helpers/transcode-media";

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-transcode-media-"));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

interface Variant {
  attributes: Record<string, string>;
  uri: string;
}

function parseMaster(text: string): { variants: Variant[]; audioUri?: string } {
  const lines = text.trim().split("\n");
  const attributes = (line: string) =>
    Object.fromEntries([...line.matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g)].map(([, key, value]) => [key, value.replace(/^"|"$/g, "")]));
  const variants = lines.flatMap((line, i) => (line.startsWith("#EXT-X-STREAM-INF:") ? [{ attributes: attributes(line.slice(18)), uri: lines[i + 1] }] : []));
  const audio = lines.find((line) => line.startsWith("#EXT-X-MEDIA:TYPE=AUDIO"));
  return { variants, audioUri: audio ? attributes(audio.slice(13)).URI : undefined };
}

function parseMedia(text: string): { init: string; segments: Array<{ duration: number; uri: string }> } {
  const lines = text.trim().split("\n");
  const segments = lines.flatMap((line, i) => (line.startsWith("#EXTINF:") ? [{ duration: Number.parseFloat(line.slice(8)), uri: lines[i + 1] }] : []));
  return { init: /#EXT-X-MAP:URI="([^"]+)"/.exec(text)?.[1] ?? "", segments };
}

const bytesOf = async (url: string) => {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

/** `avc1.PPCCLL` as the init segment's avcC says. */
function codecsOfInit(init: Buffer): string {
  const at = init.indexOf("avcC");
  return `avc1.${init.subarray(at + 5, at + 8).toString("hex")}`;
}

describe.skipIf(!ffmpegInstalled)("transcoding any video to an adaptive H.264 ladder (pglite, local storage)", () => {
  let t: TestApp;
  let token: string;
  let server: Awaited<ReturnType<typeof startMediaServer>>;

  beforeAll(async () => {
    t = await startTestApp("pglite", { TRANSCODE_PRESET: "ultrafast" });
    ({ token } = await t.createUser());
    server = await startMediaServer();
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  async function uploadReady(file: string): Promise<Asset> {
    const { url, asset } = await requestUpload(token, path.basename(file));
    const put = await putUpload(url, fs.readFileSync(file), { "content-type": "video/quicktime" });
    expect(put.status).toBe(200);
    for (let i = 0; i < 300; i++) {
      const got: Asset = await (await getAsset(token, asset.id)).json();
      if (got.status !== "waiting" && got.status !== "processing") {
        expect(got.errorMessage).toBeUndefined();
        return got;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the asset never became ready");
  }

  it.each(Object.keys(TRANSCODE_SOURCES) as TranscodeSource[])("%s plays as the default ladder: every rung decodes whole, keyframe-led, honest CODECS and BANDWIDTH", async (name) => {
    const { portrait, audio } = TRANSCODE_SOURCES[name];
    const file = makeTranscodeSource(mediaDir, name);
    const asset = await uploadReady(file);
    expect(asset.status).toBe("ready");
    const base = `${server.origin}/api/hls/${asset.playbackId}/`;
    const master = parseMaster((await bytesOf(`${base}index.m3u8`)).toString());

    // Playback info lists the original MP4 only when a browser can play it (an H.264/AAC MP4).
    const info = await (await callRoute(playbackRoute.GET, `/api/playback/${asset.playbackId}`, { params: { playbackId: asset.playbackId } })).json();
    const types: string[] = info.meta.source.map((s: { type: string }) => s.type);
    expect(types.includes("html5/video/mp4")).toBe(name === "h264-1080p-moov-end.mp4");
    expect(types[0]).toBe("html5/application/vnd.apple.mpegurl");

    const shown = asset.videoSpec!.tracks.find((track) => track.type === "video")!;
    expect(shown.height > shown.width).toBe(portrait);
    // The default ladder (360p, 720p, 1080p boxes, turned to the picture), never above the source.
    const sizes = master.variants.map((v) => v.attributes.RESOLUTION);
    const expected: Record<TranscodeSource, string[]> = {
      "portrait-hevc.mov": ["360x640", "720x1280"],
      "vp9-opus.webm": ["640x360"],
      "prores-pcm.mov": ["640x360"],
      "mpeg4-mp3.mkv": ["640x360"],
      "hevc-silent.mp4": ["640x360"],
      "h264-1080p-moov-end.mp4": ["640x360", "1280x720", "1920x1080"],
    };
    expect(sizes).toEqual(expected[name]);
    const bandwidths = master.variants.map((v) => Number(v.attributes.BANDWIDTH));
    expect(bandwidths).toEqual([...bandwidths].sort((a, b) => a - b));
    expect(master.audioUri !== undefined).toBe(audio);

    for (const variant of master.variants) {
      const url = new URL(variant.uri, `${base}index.m3u8`).href;
      const media = parseMedia((await bytesOf(url)).toString());
      const init = await bytesOf(new URL(media.init, url).href);
      expect(variant.attributes.CODECS.split(",")[0]).toBe(codecsOfInit(init));
      if (audio) expect(variant.attributes.CODECS.split(",")[1]).toBe("mp4a.40.2");
      let peak = 0;
      for (const [n, segment] of media.segments.entries()) {
        const bytes = await bytesOf(new URL(segment.uri, url).href);
        peak = Math.max(peak, (bytes.length * 8) / segment.duration);
        const joined = path.join(mediaDir, `${asset.id}-${n}.mp4`);
        fs.writeFileSync(joined, Buffer.concat([init, bytes]));
        expect(await startsWithKeyframe(joined), `segment ${n} of ${variant.attributes.RESOLUTION} starts with a keyframe`).toBe(true);
        fs.rmSync(joined);
      }
      expect(Number(variant.attributes.BANDWIDTH)).toBeGreaterThanOrEqual(peak);

      const decoded = await decodeAll(url);
      expect(decoded.errors).toBe("");
      const fps = Number(variant.attributes["FRAME-RATE"]);
      expect(Math.abs(decoded.frames - SOURCE_SECONDS * fps)).toBeLessThanOrEqual(1);
      const probed = await ffprobeJson(url, ["-show_entries", "format=duration:stream=codec_name,width,height"]);
      expect(Math.abs(Number((probed.format as { duration: string }).duration) - SOURCE_SECONDS)).toBeLessThan(0.2);
      const [width, height] = variant.attributes.RESOLUTION.split("x").map(Number);
      expect(probed.streams?.[0]).toMatchObject({ codec_name: "h264", width, height });
      expect(height > width).toBe(portrait);
    }

    if (audio) {
      const url = new URL(master.audioUri!, `${base}index.m3u8`).href;
      const media = parseMedia((await bytesOf(url)).toString());
      const parts = [await bytesOf(new URL(media.init, url).href)];
      for (const segment of media.segments) parts.push(await bytesOf(new URL(segment.uri, url).href));
      const joined = path.join(mediaDir, `${asset.id}-audio.mp4`);
      fs.writeFileSync(joined, Buffer.concat(parts));
      const probed = await ffprobeJson(joined, ["-select_streams", "a:0", "-show_entries", "stream=codec_name,profile:packet=pts_time,duration_time"]);
      expect(probed.streams?.[0]).toMatchObject({ codec_name: "aac", profile: "LC" });
      // ffprobe leaves out the duration of a fragment's first packet: every AAC frame is 1024 samples at 48 kHz.
      const packets = (probed.packets ?? []).map((p) => ({ pts: Number(p.pts_time), duration: Number(p.duration_time ?? 1024 / 48_000) }));
      const gaps = packets.slice(1).map((p, i) => Math.abs(p.pts - (packets[i].pts + packets[i].duration)));
      expect(Math.max(...gaps)).toBeLessThan(0.002);
      expect(Math.abs(packets.at(-1)!.pts + packets.at(-1)!.duration - SOURCE_SECONDS)).toBeLessThan(0.2);
      fs.rmSync(joined);
    }
  });

  it("staticMp4 makes faststart MP4s of the rungs up to 720p, listed in playback info once every segment is made", async () => {
    const file = makeTranscodeSource(mediaDir, "portrait-hevc.mov");
    const created = await callRoute(requestUploadRoute.POST, "/api/asset/request-upload", { token, json: { name: "static", staticMp4: true } });
    const { url, asset } = await created.json();
    expect((await putUpload(url, fs.readFileSync(file), { "content-type": "video/quicktime" })).status).toBe(200);
    const mp4s = await eventually(async () => {
      const info = await (await callRoute(playbackRoute.GET, `/api/playback/${asset.playbackId}`, { params: { playbackId: asset.playbackId } })).json();
      const listed: Array<{ url: string; width: number; height: number; size: number }> = info.meta?.source?.filter((s: { type: string }) => s.type === "html5/video/mp4") ?? [];
      return listed.length ? listed : undefined;
    }, 90_000, "the static MP4s");
    expect(mp4s.map((m) => `${m.width}x${m.height}`)).toEqual(["360x640", "720x1280"]);
    for (const mp4 of mp4s) {
      const local = `${server.origin}${new URL(mp4.url).pathname}`;
      const bytes = await bytesOf(local);
      expect(bytes.length).toBe(mp4.size);
      // Faststart: the moov comes before the media data.
      expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));
      const saved = path.join(mediaDir, `${asset.id}-static.mp4`);
      fs.writeFileSync(saved, bytes);
      const probed = await ffprobeJson(saved, ["-show_entries", "format=duration:stream=codec_name,width,height"]);
      expect(probed.streams?.map((s) => s.codec_name)).toEqual(["h264", "aac"]);
      expect(probed.streams?.[0]).toMatchObject({ width: mp4.width, height: mp4.height });
      expect(Math.abs(Number((probed.format as { duration: string }).duration) - SOURCE_SECONDS)).toBeLessThan(0.2);
      fs.rmSync(saved);
    }

    // Signed playback covers the static MP4s: refused without a viewer token, served with one.
    expect((await callRoute(assetRoute.PATCH, `/api/asset/${asset.id}`, { method: "PATCH", token, params: { id: asset.id }, json: { playbackPolicy: { type: "jwt" } } })).status).toBe(200);
    const key = await newSigningKey(token, "static");
    const mp4 = `${server.origin}${new URL(mp4s[0].url).pathname}`;
    expect((await fetch(mp4)).status).toBe(401);
    const signed = await fetch(`${mp4}?jwt=${await viewerToken(key, asset.playbackId)}`);
    expect(signed.status).toBe(200);
    expect((await signed.arrayBuffer()).byteLength).toBe(mp4s[0].size);
  });
});
