import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { uploadAsset } from "./support/assets";
import { signUp, uniqueEmail } from "./support/dashboard";
import { hasFfmpeg } from "./support/ffmpeg";


/**
 * Another site's page holding `html`, on another origin (another port). On loopback like the
 * service: Chromium keeps public pages from framing local addresses.
 */
async function serveElsewhere(html: string): Promise<{ url: string; close(): void }> {
  const server = http.createServer((_, response) => response.writeHead(200, { "Content-Type": "text/html" }).end(html));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/post.html`, close: () => server.close() };
}

test("the asset page's embed snippet plays the video on another site's page", async ({ page }) => {
  await signUp(page, uniqueEmail("embed"));
  const asset = await uploadAsset(page, "embedded.mp4", "h264-aac.mp4");
  await page.goto(`/assets/${asset.id}`);
  const snippet = (await page.getByRole("region", { name: "Use this video" }).locator("pre code").textContent())!;
  expect(snippet).toContain(`/play/${asset.playbackId}`);

  const site = await serveElsewhere(`<!doctype html><title>A blog</title><h1>My post</h1>${snippet}`);
  try {
    await page.goto(site.url);
    const video = page.frameLocator("iframe").locator("video");
    await expect(video).toBeVisible();
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    const readyState = () => video.evaluate((element: HTMLVideoElement) => element.readyState);
    const currentTime = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
    await expect.poll(readyState, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const started = await currentTime();
    await expect.poll(currentTime, { timeout: 15_000 }).toBeGreaterThan(started);
  } finally {
    site.close();
  }
});

test("thumbnails appear in the list when ffmpeg is present", async ({ page }) => {
  test.skip(!hasFfmpeg, "ffmpeg is not installed: the list shows placeholders (CI installs it)");
  await signUp(page, uniqueEmail("thumbs"));
  const asset = await uploadAsset(page, "with poster.mp4", "h264-aac.mp4");
  await page.goto("/assets");
  const poster = page.locator(`li[data-asset-id="${asset.id}"] img`);
  await expect(poster).toBeVisible();
  await expect.poll(() => poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
});
