import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { uploadAsset } from "./support/assets";
import { signUp, uniqueEmail } from "./support/dashboard";
import { hasFfmpeg } from "./support/ffmpeg";


async function clipViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include("section[aria-labelledby=clip-heading]").analyze();
  return results.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Moves the asset page's player to `seconds`, as a viewer's seek does. */
async function seek(page: Page, seconds: number) {
  await page.getByLabel(/^Player: /).evaluate((video: HTMLVideoElement, at) => {
    video.currentTime = at;
  }, seconds);
}

test.describe("the asset page's Clip action", () => {
  test.skip(!hasFfmpeg, "clips are cut with ffmpeg (CI installs it)");

  test("takes start and end from the player, makes the clip and opens it when ready; light and dark, 1280 and 390 px, no axe violation", async ({ page }) => {
    test.setTimeout(120_000);
    await signUp(page, uniqueEmail("clip"));
    const parent = await uploadAsset(page, "Two seconds", "h264-aac.mp4");
    await page.goto(`/assets/${parent.id}`);
    const video = page.getByLabel("Player: Two seconds");
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);

    const section = page.locator("section[aria-labelledby=clip-heading]");
    await expect(section.getByRole("heading", { name: "Clip" })).toBeVisible();
    const create = section.getByRole("button", { name: "Create clip" });
    await expect(create).toBeDisabled();

    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        // Its content fits in it: nothing of the card overflows its box, whatever the width.
        expect(await section.evaluate((card) => card.scrollWidth <= card.clientWidth), `${colorScheme} at ${width} px: the card's content fits`).toBe(true);
        expect(await clipViolations(page), `${colorScheme} at ${width} px`).toEqual([]);
      }
    }
    await page.emulateMedia({ colorScheme: "light" });

    // An end before the start is refused on the page.
    await seek(page, 1.5);
    await section.getByRole("button", { name: "Set start" }).click();
    await seek(page, 0.5);
    await section.getByRole("button", { name: "Set end" }).click();
    await expect(section.getByRole("alert")).toHaveText("The end must come after the start.");
    await expect(create).toBeDisabled();

    await seek(page, 0.5);
    await section.getByRole("button", { name: "Set start" }).click();
    await expect(section.getByText("Start: 0:00.50")).toBeVisible();
    await seek(page, 1.5);
    await section.getByRole("button", { name: "Set end" }).click();
    await expect(section.getByText("End: 0:01.50")).toBeVisible();
    await expect(section.getByRole("alert")).toHaveCount(0);
    // Named apart from the asset's Name and a track's, so it is found on the whole page.
    await page.getByLabel("Clip name (optional)", { exact: true }).fill("The middle second");
    await create.click();

    // The clip's page opens once it is ready: its own player, its name.
    await page.waitForURL((url) => /^\/assets\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(parent.id), { timeout: 60_000 });
    await expect(page.getByRole("heading", { name: "The middle second" })).toBeVisible();
    const clipVideo = page.getByLabel("Player: The middle second");
    await expect.poll(() => clipVideo.evaluate((element: HTMLVideoElement) => element.duration), { timeout: 15_000 }).toBeCloseTo(1, 1);
    const clip = await (await page.request.get(`/api/asset/${page.url().split("/").at(-1)}`)).json();
    expect(clip).toMatchObject({ status: "ready", source: { type: "clip", sourceId: parent.id, playbackId: parent.playbackId } });
  });
});
