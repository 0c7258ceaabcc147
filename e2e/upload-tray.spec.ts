import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { formatBytes } from "../lib/client/format";
import { media as fixture, signUp, uniqueEmail } from "./support/dashboard";
import { throttleUploads } from "./support/network";
import { paddedMp4, tempMediaDir } from "./support/padded-mp4";

const FILE_BYTES = 8 * 1024 * 1024;
const SLOW_BYTES_PER_SECOND = 100_000;
const PHONE = { width: 390, height: 844 };

const media = tempMediaDir();
test.afterAll(() => media.remove());

const tray = (page: Page) => page.getByRole("region", { name: "Uploads" });
const trayToggle = (page: Page) => tray(page).getByRole("button", { name: /^Uploads \(\d+\)/ });
const uploadCard = (page: Page, name: string) => tray(page).locator("li", { hasText: name });

/** The share of the viewport the tray covers. */
async function trayCoverage(page: Page): Promise<number> {
  const box = await tray(page).boundingBox();
  const viewport = page.viewportSize()!;
  return (box!.width * box!.height) / (viewport.width * viewport.height);
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test("the tray is a bar covering under a quarter of the screen while an upload runs, and opens on tap to bytes, speed and time left", async ({ page }) => {
    test.setTimeout(120_000);
    const name = "phone upload.mp4";
    const file = media.write(name, paddedMp4(FILE_BYTES));
    await signUp(page, uniqueEmail("phone-tray"));
    const network = await throttleUploads(page, SLOW_BYTES_PER_SECOND);
    await page.getByTestId("file-input").setInputFiles(file);

    const toggle = trayToggle(page);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle, "the bar says how far the upload is and how long it has to go").toHaveAccessibleName(/\d+% · \d+ (s|min) left$/, { timeout: 30_000 });
    expect(await trayCoverage(page)).toBeLessThan(0.25);
    await expect(uploadCard(page, name)).toBeHidden();

    await toggle.tap();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const card = uploadCard(page, name);
    await expect(card).toBeVisible();
    await expect(card).toContainText(`of ${formatBytes(FILE_BYTES)}`);
    await expect(card.getByTestId("upload-speed")).toHaveText(/\d.* (KB|MB)\/s$/);
    await expect(card.getByTestId("upload-time-left")).toHaveText(/^\d+ (s|min) left$/);

    await toggle.tap();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(card).toBeHidden();
    expect(await trayCoverage(page)).toBeLessThan(0.25);

    await network.limitUploads(-1);
    await expect(card).toHaveAttribute("data-upload-status", "ready", { timeout: 60_000 });
    await expect(toggle).toHaveAccessibleName(/1 ready$/);
  });
});

test("on a wide screen the tray is open, with each file's bytes, speed and time left while it is sent", async ({ page }) => {
  test.setTimeout(120_000);
  const name = "desk upload.mp4";
  const file = media.write(name, paddedMp4(FILE_BYTES));
  await signUp(page, uniqueEmail("desk-tray"));
  const network = await throttleUploads(page, SLOW_BYTES_PER_SECOND);
  await page.getByTestId("file-input").setInputFiles(file);

  await expect(trayToggle(page)).toHaveAttribute("aria-expanded", "true");
  const card = uploadCard(page, name);
  await expect(card.getByTestId("upload-time-left")).toHaveText(/^\d+ (s|min) left$/, { timeout: 30_000 });
  await expect(card.getByTestId("upload-speed")).toBeVisible();
  await expect(card).toContainText(`of ${formatBytes(FILE_BYTES)}`);

  await trayToggle(page).click();
  await expect(trayToggle(page)).toHaveAttribute("aria-expanded", "false");
  await expect(card).toBeHidden();
  await network.limitUploads(-1);
  await expect(card).toHaveAttribute("data-upload-status", "ready", { timeout: 60_000 });
});

test("the tray, folded and open, with a file sending and one refused, has no axe violation of any impact at 1280 and 390 px", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail("tray-axe"));
  const network = await throttleUploads(page, SLOW_BYTES_PER_SECOND);
  await page.getByTestId("file-input").setInputFiles([
    { name: "sending.mp4", mimeType: "video/mp4", buffer: paddedMp4(FILE_BYTES) },
    { name: "refused.mp4", mimeType: "video/mp4", buffer: Buffer.from("these are notes, not a video\n".repeat(20)) },
  ]);
  await expect(uploadCard(page, "refused.mp4")).toHaveAttribute("data-upload-status", "refused");
  await expect(uploadCard(page, "sending.mp4").getByTestId("upload-time-left")).toBeVisible({ timeout: 30_000 });

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    for (const expanded of ["true", "false"]) {
      if ((await trayToggle(page).getAttribute("aria-expanded")) !== expanded) await trayToggle(page).click();
      await expect(trayToggle(page)).toHaveAttribute("aria-expanded", expanded);
      const results = await new AxeBuilder({ page }).include("section[aria-label=Uploads]").analyze();
      const found = results.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(found, `axe on the tray at ${width} px, expanded ${expanded}`).toEqual([]);
    }
  }
  await network.limitUploads(-1);
  await expect(uploadCard(page, "sending.mp4")).toHaveAttribute("data-upload-status", "ready", { timeout: 60_000 });
});

/** The page's controls outside the tray that `box` overlaps, by their accessible role and name. */
async function controlsCoveredBy(page: Page, box: { x: number; y: number; width: number; height: number }): Promise<string[]> {
  return page.evaluate((tray) => {
    const controls = document.querySelectorAll<HTMLElement>("main a[href], main button, main input:not([type=hidden]), main select, main textarea, header a, header button");
    const covered: string[] = [];
    for (const control of controls) {
      if (control.closest("section[aria-label=Uploads]")) continue;
      const r = control.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const overlaps = r.left < tray.x + tray.width && tray.x < r.right && r.top < tray.y + tray.height && tray.y < r.bottom;
      if (overlaps) covered.push(`${control.tagName.toLowerCase()} "${control.getAttribute("aria-label") ?? control.textContent?.trim() ?? ""}"`);
    }
    return covered;
  }, box);
}

test("the tray covers none of the page's controls at 1280×800 and 390 px, in both themes, whether open or folded, at every scroll position", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail("tray-cover"));
  const network = await throttleUploads(page, SLOW_BYTES_PER_SECOND);
  await page.getByTestId("file-input").setInputFiles([
    { name: "covering.mp4", mimeType: "video/mp4", buffer: paddedMp4(FILE_BYTES) },
    { name: "refused.mp4", mimeType: "video/mp4", buffer: Buffer.from("these are notes, not a video\n".repeat(20)) },
  ]);
  await expect(uploadCard(page, "refused.mp4")).toHaveAttribute("data-upload-status", "refused");
  // The controls the tray hid when it floated in the corner, there to be checked.
  for (const control of [page.getByRole("button", { name: "Import" }), page.getByLabel("Name (optional)"), page.getByLabel("Status"), page.getByLabel("Sort")]) {
    await expect(control.first()).toBeVisible();
  }

  for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      for (const expanded of ["true", "false"]) {
        if ((await trayToggle(page).getAttribute("aria-expanded")) !== expanded) await trayToggle(page).click();
        await expect(trayToggle(page)).toHaveAttribute("aria-expanded", expanded);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0; y < height; y += viewport.height / 2) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          const box = await tray(page).boundingBox();
          if (!box) continue; // scrolled out of view
          expect(await controlsCoveredBy(page, box), `${viewport.width} px, ${colorScheme}, expanded ${expanded}, scrolled to ${y}`).toEqual([]);
        }
      }
    }
  }
  await network.limitUploads(-1);
});

test("a finished upload stays in the tray with its View asset link until dismissed, and Clear finished empties the tray", async ({ page }) => {
  test.setTimeout(120_000);
  // The page's clock, so that waiting a long while takes no time.
  await page.clock.install();
  await signUp(page, uniqueEmail("tray-stays"));
  await page.getByTestId("file-input").setInputFiles([
    { name: "first.mp4", mimeType: "video/mp4", buffer: fixture("h264-aac.mp4") },
    { name: "second.mp4", mimeType: "video/mp4", buffer: fixture("h264-aac.mp4") },
  ]);
  for (const name of ["first.mp4", "second.mp4"]) await expect(uploadCard(page, name)).toHaveAttribute("data-upload-status", "ready", { timeout: 60_000 });

  await page.clock.fastForward(60_000);
  const first = uploadCard(page, "first.mp4");
  await expect(first).toHaveAttribute("data-upload-status", "ready");
  await expect(uploadCard(page, "second.mp4")).toBeVisible();
  const view = first.getByRole("link", { name: "View asset first.mp4" });
  await expect(view).toBeVisible();
  await view.click();
  await expect(page).toHaveURL(/\/assets\/[0-9a-f-]{36}$/);
  await expect(uploadCard(page, "first.mp4"), "the tray follows to the asset's page").toBeVisible();

  await tray(page).getByRole("button", { name: "Dismiss first.mp4" }).click();
  await expect(uploadCard(page, "first.mp4")).toHaveCount(0);
  await expect(uploadCard(page, "second.mp4")).toBeVisible();
  await tray(page).getByRole("button", { name: "Clear finished" }).click();
  await expect(tray(page)).toHaveCount(0);
});
