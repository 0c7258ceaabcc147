import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { uploadAsset } from "./support/assets";
import { signUp, uniqueEmail } from "./support/dashboard";

/** The accessibility rules axe finds broken in the ladder, as `impact id: targets`. */
async function ladderViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include("section[aria-labelledby=renditions-heading]").analyze();
  return results.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * The asset page shows a transcoded asset's ladder. The service's answer is the real one with a
 * `renditions` array added (the transcoding side is issue 34's server part), its 720p rung's
 * segments made as the test says.
 */
test("the asset page shows each rung of the ladder, and refreshes a rung in progress until it is made", async ({ page }) => {
  await signUp(page, uniqueEmail("ladder"));
  const asset = await uploadAsset(page, "ladder.mp4", "h264-aac.mp4");

  await page.goto(`/assets/${asset.id}`);
  await expect(page.getByLabel("Player: ladder.mp4")).toBeVisible();
  await expect(page.getByRole("region", { name: "Renditions" }), "an asset that is not transcoded has no ladder").toHaveCount(0);

  let made720p = 1;
  await page.route(new RegExp(`/api/asset/${asset.id}$`), async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    json.renditions = [
      { name: "360p0", width: 640, height: 360, bitrate: 1_000_000, fps: 30, segments: { made: 3, total: 3 } },
      { name: "720p0", width: 1280, height: 720, bitrate: 3_000_000, fps: 30, segments: { made: made720p, total: 3 } },
      { name: "source", width: 1920, height: 1080, bitrate: 8_400_000, fps: 29.97, segments: { made: 3, total: 3 } },
    ];
    await route.fulfill({ response, json });
  });
  await page.reload();

  const ladder = page.getByRole("region", { name: "Renditions" });
  const rows = ladder.getByRole("row");
  await expect(rows).toHaveText([
    /Rendition\s*Size\s*Bitrate\s*Frame rate\s*Segments/,
    /^360p0\s*640×360\s*1 Mb\/s\s*30 fps\s*Made \(3\)$/,
    /^720p0\s*1280×720\s*3 Mb\/s\s*30 fps\s*1 of 3 made$/,
    /^source\s*1920×1080\s*8\.4 Mb\/s\s*29\.97 fps\s*Made \(3\)$/,
  ]);
  const progress = ladder.getByRole("progressbar", { name: "720p0: segments made" });
  await expect(progress).toHaveAttribute("aria-valuenow", "33");
  await expect(ladder.getByRole("progressbar")).toHaveCount(1);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await ladderViolations(page), `${colorScheme} at ${width} px`).toEqual([]);
    }
  }

  // The page asks again by itself while a rung is not made.
  made720p = 2;
  await expect(progress).toHaveAttribute("aria-valuenow", "67");
  made720p = 3;
  await expect(rows.nth(2)).toHaveText(/^720p0\s*1280×720\s*3 Mb\/s\s*30 fps\s*Made \(3\)$/);
  await expect(ladder.getByRole("progressbar")).toHaveCount(0);
});
