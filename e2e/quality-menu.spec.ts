import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { uploadAsset } from "./support/assets";
import { signUp, uniqueEmail } from "./support/dashboard";
import { hasFfmpeg } from "./support/ffmpeg";


/**
 * A 6 s multivariant HLS stream of two levels, 360p and 180p (2 s segments `360p_0.ts`, …),
 * as a transcoded asset's ladder is served; returns its directory, index.m3u8 the master.
 */
function makeTwoLevelStream(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-e2e-ladder-"));
  execFileSync("ffmpeg", [
    "-hide_banner", "-loglevel", "error",
    "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25:duration=6", "-f", "lavfi", "-i", "sine=duration=6",
    "-filter_complex", "[0:v]split=2[high][low];[low]scale=320:180[small]",
    "-map", "[high]", "-map", "[small]", "-map", "1:a", "-map", "1:a",
    "-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-sc_threshold", "0", "-b:v:0", "800k", "-b:v:1", "200k",
    "-c:a", "aac", "-b:a", "64k",
    "-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod", "-master_pl_name", "index.m3u8",
    "-var_stream_map", "v:0,a:0,name:360p v:1,a:1,name:180p",
    "-hls_segment_filename", path.join(dir, "%v_%d.ts"), path.join(dir, "%v.m3u8"),
  ]);
  return dir;
}

/** The level names of the segments the page asks for from now on, in order. */
function recordSegmentLevels(page: Page): string[] {
  const levels: string[] = [];
  page.on("request", (request) => {
    const level = new URL(request.url()).pathname.match(/\/(\w+)_\d+\.ts$/)?.[1];
    if (level) levels.push(level);
  });
  return levels;
}

test.describe("the player's quality menu", () => {
  test.skip(!hasFfmpeg, "needs ffmpeg to make the stream (CI installs it)");

  test("a stream of several levels offers Auto and each level by keyboard, and the chosen level is the one loaded", async ({ page }) => {
    await signUp(page, uniqueEmail("quality"));
    const asset = await uploadAsset(page, "ladder.mp4", "h264-aac.mp4");

    // One level: no menu.
    await page.goto(`/play/${asset.playbackId}`);
    const video = page.locator("video");
    await expect(video).toHaveAttribute("data-engine", "hls.js");
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
    await expect(page.getByLabel("Quality")).toHaveCount(0);

    // The asset's stream answered as a transcoded asset's is: a multivariant playlist.
    const stream = makeTwoLevelStream();
    await page.route(new RegExp(`/api/hls/${asset.playbackId}/`), (route) =>
      route.fulfill({ path: path.join(stream, path.basename(new URL(route.request().url()).pathname)) }),
    );
    const levels = recordSegmentLevels(page);
    await page.reload();
    const quality = page.getByRole("combobox", { name: "Quality" });
    await expect(quality.getByRole("option")).toHaveText([/^Auto( \((360|180)p\))?$/, "360p", "180p"]);
    const chosen = quality.locator("option:checked");
    await expect(chosen).toHaveText(/^Auto/);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    // Keyboard only: in the focused menu the arrow keys choose.
    await quality.focus();
    await page.keyboard.press("ArrowDown");
    await expect(chosen).toHaveText("360p");
    let from = levels.length;
    await expect.poll(() => levels.slice(from)).toContain("360p");

    await page.keyboard.press("ArrowDown");
    await expect(chosen).toHaveText("180p");
    from = levels.length;
    await expect.poll(() => levels.slice(from)).toContain("180p");
    expect(levels.slice(from).every((level) => level === "180p"), "only the chosen level is loaded").toBe(true);

    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(chosen).toHaveText(/^Auto/);
  });
});
