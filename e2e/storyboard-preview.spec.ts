import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { uploadAsset } from "./support/assets";
import { signUp, uniqueEmail } from "./support/dashboard";
import { hasFfmpeg } from "./support/ffmpeg";


const SECONDS = 20;

/** A 20 s 320×240 H.264/AAC MP4 whose picture moves (testsrc2): four storyboard tiles, 5 s each. */
function twentySecondVideo(): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-e2e-storyboard-"));
  const file = path.join(dir, "twenty.mp4");
  execFileSync("ffmpeg", [
    "-hide_banner", "-loglevel", "error",
    "-f", "lavfi", "-i", `testsrc2=size=320x240:rate=25:duration=${SECONDS}`, "-f", "lavfi", "-i", `sine=duration=${SECONDS}`,
    "-c:v", "libx264", "-preset", "ultrafast", "-g", "50", "-c:a", "aac", "-shortest", "-y", file,
  ]);
  const bytes = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });
  return bytes;
}

/** Axe's findings on the player (the strip and its preview), as `impact id: targets`. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include("div:has(> video)").analyze();
  return results.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The point of the strip at `share` of its width, in the viewport. */
async function pointOn(strip: Locator, share: number): Promise<{ x: number; y: number }> {
  const box = (await strip.boundingBox())!;
  return { x: box.x + box.width * share, y: box.y + box.height / 2 };
}

const currentTime = (page: Page) => page.locator("video").evaluate((video: HTMLVideoElement) => video.currentTime);

test.describe("the player's storyboard preview", () => {
  test.skip(!hasFfmpeg, "needs ffmpeg for the storyboard (CI installs it)");
  let video: Buffer;
  test.beforeAll(() => {
    video = twentySecondVideo();
  });
  // The asset page and the first storyboard are slow on a busy machine.
  test.setTimeout(180_000);

  test("hovering the scrub strip shows the tile of the time under the pointer; a click seeks there; both themes, no axe violation", async ({ page }) => {
    await signUp(page, uniqueEmail("storyboard"));
    const asset = await uploadAsset(page, "storyboard.mp4", video);
    const sprites: number[] = [];
    page.on("response", (response) => new URL(response.url()).pathname.endsWith("/storyboard.jpg") && sprites.push(response.status()));
    await page.goto(`/assets/${asset.id}`);
    const strip = page.getByRole("slider", { name: "Seek, with preview" });
    // Once the video's duration is known.
    await expect(strip).toHaveAttribute("aria-valuetext", "0:00 of 0:20", { timeout: 20_000 });

    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      // 57.5% of 20 s is 11.5 s: the third tile (10 s to 15 s), third in the sprite's first row.
      const at = await pointOn(strip, 0.575);
      await page.mouse.move(at.x, at.y);
      const tile = page.getByRole("img", { name: "Preview at 0:11" });
      await expect(tile).toBeVisible();
      await expect(tile).toHaveAttribute("data-tile", "320,0,160,120");
      await expect(page.getByTestId("storyboard-preview")).toContainText("0:11");
      await expect.poll(() => sprites).toContain(200);
      expect(await violations(page), `${colorScheme} theme`).toEqual([]);
      // Moving along shows another tile; leaving hides it.
      const later = await pointOn(strip, 0.825);
      await page.mouse.move(later.x, later.y);
      await expect(page.getByRole("img", { name: "Preview at 0:16" })).toHaveAttribute("data-tile", "480,0,160,120");
      await page.mouse.move(later.x, later.y - 200);
      await expect(page.getByTestId("storyboard-preview")).toHaveCount(0);
    }

    const target = await pointOn(strip, 0.75);
    await page.mouse.click(target.x, target.y);
    await expect.poll(() => currentTime(page)).toBeCloseTo(15, 0);
    await expect(strip).toHaveAttribute("aria-valuetext", "0:15 of 0:20");

    // The keyboard moves it 5 s at a time.
    await strip.focus();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => currentTime(page)).toBeCloseTo(10, 0);
    await page.keyboard.press("Home");
    await expect.poll(() => currentTime(page)).toBe(0);
  });

  test("on a phone (390 px, touch), dragging a finger along the strip shows the tiles and lifting it seeks; both themes", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    try {
      await signUp(page, uniqueEmail("storyboard-touch"));
      const asset = await uploadAsset(page, "storyboard on a phone.mp4", video);
      await page.goto(`/play/${asset.playbackId}`);
      const strip = page.getByRole("slider", { name: "Seek, with preview" });
      // Once the video's duration is known.
    await expect(strip).toHaveAttribute("aria-valuetext", "0:00 of 0:20", { timeout: 20_000 });
      const touch = await context.newCDPSession(page);
      const finger = (type: "touchStart" | "touchMove" | "touchEnd", at: { x: number; y: number }) =>
        touch.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x: at.x, y: at.y }] });

      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        const from = await pointOn(strip, 0.125);
        await finger("touchStart", from);
        await expect(page.getByRole("img", { name: "Preview at 0:02" })).toHaveAttribute("data-tile", "0,0,160,120");
        const to = await pointOn(strip, 0.325);
        await finger("touchMove", to);
        const tile = page.getByRole("img", { name: "Preview at 0:06" });
        await expect(tile).toHaveAttribute("data-tile", "160,0,160,120");
        // The tile stays within the screen.
        const box = (await tile.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        expect(await violations(page), `${colorScheme} theme at 390 px`).toEqual([]);
        await finger("touchEnd", to);
        await expect(page.getByTestId("storyboard-preview")).toHaveCount(0);
        await expect.poll(() => currentTime(page)).toBeCloseTo(6.5, 0);
      }
    } finally {
      await context.close();
    }
  });
});
