import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { uploadAsset } from "./support/assets";
import { signUp, uniqueEmail } from "./support/dashboard";
import { hasFfmpeg } from "./support/ffmpeg";


/** A 24 s, 320×240 video with a keyframe every 2 s: four 6 s HLS segments. */
function makeLongVideo(): Buffer {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vas-e2e-hls-")), "long.mp4");
  execFileSync("ffmpeg", [
    "-hide_banner", "-loglevel", "error",
    "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100",
    "-t", "24", "-c:v", "libx264", "-g", "50", "-c:a", "aac", "-y", file,
  ]);
  return fs.readFileSync(file);
}

/** Every request the page makes to the service's media URLs, by kind. */
function recordMedia(page: Page) {
  const seen = { playlist: 0, init: 0, segments: new Set<string>(), mp4: 0, tokens: new Set<string | null>() };
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith("/index.m3u8")) seen.playlist++;
    else if (url.pathname.endsWith("/init.mp4")) seen.init++;
    else if (url.pathname.endsWith(".m4s")) seen.segments.add(url.pathname);
    else if (url.pathname.endsWith("/video.mp4")) seen.mp4++;
    else return;
    if (!url.pathname.endsWith("/index.m3u8")) seen.tokens.add(url.searchParams.get("token"));
  });
  return seen;
}

/** Plays muted, seeks to the middle, and waits for the time to advance from there. */
async function playAndSeek(page: Page, video: ReturnType<Page["locator"]>) {
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.duration), { timeout: 15_000 }).toBeGreaterThan(20);
  const middle = await video.evaluate((element: HTMLVideoElement) => (element.currentTime = element.duration / 2));
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(middle + 0.5);
}

test.describe("HLS in the browser", () => {
  test.skip(!hasFfmpeg, "needs ffmpeg to make a long video (CI installs it)");

  test("the player page plays the HLS through hls.js, never the MP4, and seeks to the middle", async ({ page }) => {
    await signUp(page, uniqueEmail("hls"));
    const asset = await uploadAsset(page, "long.mp4", makeLongVideo());
    const seen = recordMedia(page);
    await page.goto(`/play/${asset.playbackId}`);
    const video = page.locator("video");
    await expect(video).toHaveAttribute("data-engine", "hls.js");
    await playAndSeek(page, video);
    expect(seen.playlist).toBeGreaterThan(0);
    expect(seen.init).toBeGreaterThan(0);
    // The middle (12 s) is in the third segment: hls.js went there.
    expect([...seen.segments].some((segment) => segment.endsWith("/2.m4s"))).toBe(true);
    expect(seen.mp4).toBe(0);
  });

  test("the owner's asset page plays its own signed video through hls.js, segments with a media token", async ({ page }) => {
    await signUp(page, uniqueEmail("hls-owner"));
    const asset = await uploadAsset(page, "private.mp4", makeLongVideo());
    const origin = new URL(page.url()).origin;
    const patched = await page.request.patch(`/api/asset/${asset.id}`, { headers: { Origin: origin }, data: { playbackPolicy: { type: "jwt" } } });
    expect(patched.status()).toBe(200);
    // Without the session (a plain request): refused.
    expect((await fetch(`${origin}/api/hls/${asset.playbackId}/v1/0.m4s`)).status).toBe(401);

    const seen = recordMedia(page);
    await page.goto(`/assets/${asset.id}`);
    const video = page.getByLabel("Player: private.mp4");
    await expect(video).toHaveAttribute("data-engine", "hls.js");
    await playAndSeek(page, video);
    expect(seen.mp4).toBe(0);
    expect(seen.segments.size).toBeGreaterThan(0);
    expect([...seen.tokens].every((token) => token !== null && token.length > 20)).toBe(true);
  });

  test("the embed fills a 390 px wide page at the video's aspect ratio", async ({ page }) => {
    await signUp(page, uniqueEmail("hls-embed"));
    const asset = await uploadAsset(page, "embed.mp4", "h264-aac.mp4");
    await page.goto(`/assets/${asset.id}`);
    const snippet = (await page.getByRole("region", { name: "Use this video" }).locator("pre code").textContent())!;

    const site = http.createServer((_, response) =>
      response.writeHead(200, { "Content-Type": "text/html" }).end(`<!doctype html><meta name="viewport" content="width=device-width"><body style="margin:0">${snippet}</body>`),
    );
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    try {
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
      const frame = (await page.locator("iframe").boundingBox())!;
      expect(frame.width).toBeCloseTo(390, 0);
      expect(frame.height).toBeCloseTo((390 * 240) / 320, 0);
      const video = (await page.frameLocator("iframe").locator("video").boundingBox())!;
      expect(video.width).toBeCloseTo(390, 0);
    } finally {
      site.close();
    }
  });
});
