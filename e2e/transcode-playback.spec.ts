import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { uploadAsset } from "./support/assets";
import { signUp, uniqueEmail } from "./support/dashboard";

/**
 * A phone's clip: 6 s of HEVC (`hvc1`) + AAC in QuickTime, coded 640×360 and shown turned a quarter
 * (rotation metadata), so it is portrait on screen. ffmpeg writes the rotation only when it copies
 * the streams, hence the second pass.
 */
function portraitHevcMov(): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-e2e-portrait-"));
  const [landscape, portrait] = [path.join(dir, "landscape.mov"), path.join(dir, "portrait.mov")];
  const ffmpeg = (args: string[]) => execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", ...args, "-y"]);
  ffmpeg([
    "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-f", "lavfi", "-i", "sine=sample_rate=48000",
    "-t", "6", "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1", "-c:a", "aac", landscape,
  ]);
  ffmpeg(["-i", landscape, "-c", "copy", "-metadata:s:v:0", "rotate=90", portrait]);
  return fs.readFileSync(portrait);
}

test("a portrait HEVC MOV is transcoded: hls.js plays it upright, seeks to the middle and goes on, and its page shows every rung made", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page, uniqueEmail("transcode"));
  const asset = await uploadAsset(page, "phone clip.mov", portraitHevcMov());

  await page.goto(`/play/${asset.playbackId}`);
  const video = page.locator("video");
  await expect(video).toHaveAttribute("data-engine", "hls.js");
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  const currentTime = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect.poll(currentTime, { message: "it plays", timeout: 30_000 }).toBeGreaterThan(0.5);
  const picture = await video.evaluate((element: HTMLVideoElement) => ({ width: element.videoWidth, height: element.videoHeight }));
  expect(picture.height, `the picture is portrait (${picture.width}×${picture.height})`).toBeGreaterThan(picture.width);

  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.duration), { timeout: 15_000 }).toBeGreaterThan(5.5);
  const middle = await video.evaluate((element: HTMLVideoElement) => (element.currentTime = element.duration / 2));
  await expect.poll(currentTime, { message: "it goes on playing after the seek", timeout: 30_000 }).toBeGreaterThan(middle + 0.5);
  expect(await video.evaluate((element: HTMLVideoElement) => element.videoHeight > element.videoWidth)).toBe(true);

  // The asset page lists the ladder the API answers, every rung portrait, until every segment of every rung is made.
  const { renditions } = (await (await page.request.get(`/api/asset/${asset.id}`)).json()) as {
    renditions: Array<{ name: string; width: number; height: number; segments: { total: number } }>;
  };
  expect(renditions.length).toBeGreaterThan(0);
  await page.goto(`/assets/${asset.id}`);
  const ladder = page.getByRole("region", { name: "Renditions" });
  const rows = ladder.locator("tbody tr");
  await expect(rows).toHaveCount(renditions.length);
  for (const [i, rung] of renditions.entries()) {
    expect(rung.height, `${rung.name} is portrait`).toBeGreaterThan(rung.width);
    await expect(rows.nth(i).getByRole("rowheader")).toHaveText(rung.name);
    await expect(rows.nth(i)).toContainText(`${rung.width}×${rung.height}`);
    await expect(rows.nth(i)).toContainText(`Made (${rung.segments.total})`, { timeout: 90_000 });
  }
  await expect(ladder.getByRole("progressbar")).toHaveCount(0);
});
