import { expect, test, type Locator, type Page } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/dashboard";

/** Whether the page was dark when its body first appeared: before any script of the page but the theme's ran. */
async function recordFirstPaintTheme(page: Page) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      (window as unknown as { darkAtFirstBody: boolean }).darkAtFirstBody = document.documentElement.classList.contains("dark");
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

const darkAtFirstBody = (page: Page) => page.evaluate(() => (window as unknown as { darkAtFirstBody: boolean }).darkAtFirstBody);

/**
 * The mean channel value, 0 (black) to 255 (white), of the background the browser paints behind an
 * element (the page's, by default): its own, or that of the nearest ancestor that has one.
 */
const backgroundBrightness = (page: Page, element: Locator = page.locator("body")) =>
  element.evaluate((start) => {
    const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    for (let painted: Element | null = start; painted; painted = painted.parentElement) {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = getComputedStyle(painted).backgroundColor;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, alpha] = context.getImageData(0, 0, 1, 1).data;
      if (alpha > 0) return (r + g + b) / 3;
    }
    return 255;
  });

test("dark mode follows the system by default; the toggle's choice holds across reloads without a flash", async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: "dark" });
  const page = await context.newPage();
  await recordFirstPaintTheme(page);
  await signUp(page, uniqueEmail("dark"));
  const toggle = page.getByRole("button", { name: "Dark theme" });

  // The system is dark: so is the dashboard, from the first paint.
  await page.goto("/overview");
  expect(await darkAtFirstBody(page)).toBe(true);
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  expect(await backgroundBrightness(page)).toBeLessThan(60);

  // Chosen light: it stays light after a reload, though the system is dark.
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  expect(await backgroundBrightness(page)).toBeGreaterThan(200);
  await page.reload();
  expect(await darkAtFirstBody(page)).toBe(false);
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  expect(await backgroundBrightness(page)).toBeGreaterThan(200);

  // Chosen dark again, as the system is: the page follows the system from then on, live.
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await page.emulateMedia({ colorScheme: "light" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await page.reload();
  expect(await darkAtFirstBody(page)).toBe(false);

  // A light system with the choice dark: dark from the first paint, on every page.
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await page.goto("/assets");
  expect(await darkAtFirstBody(page)).toBe(true);
  expect(await backgroundBrightness(page)).toBeLessThan(60);
  await context.close();
});

// Scalar renders the whole document before its title shows: many seconds on a busy machine.
const RENDERED = { timeout: 30_000 };

/** Our header's background and Scalar's, behind the reference's title, both dark or both light. */
async function expectReferenceTheme(page: Page, dark: boolean) {
  const title = page.getByRole("heading", { name: "Video asset service API", level: 1 });
  await expect(title).toBeVisible(RENDERED);
  for (const [part, element] of [
    ["our header", page.getByRole("navigation", { name: "Documentation" })],
    ["Scalar's reference", title],
  ] as const) {
    const brightness = () => backgroundBrightness(page, element);
    if (dark) await expect.poll(brightness, `${part} is dark`).toBeLessThan(60);
    else await expect.poll(brightness, `${part} is light`).toBeGreaterThan(200);
  }
}

test("the API reference follows the system and the toggle's choice, Scalar's part too, without a flash", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ colorScheme: "dark" });
  const page = await context.newPage();
  await recordFirstPaintTheme(page);

  // The system is dark: so is the reference, public, from the first paint; Scalar's own toggle is not offered.
  await page.goto("/docs");
  expect(await darkAtFirstBody(page)).toBe(true);
  await expectReferenceTheme(page, true);
  await expect(page.getByRole("button", { name: /^Set (light|dark) mode$/ })).toHaveCount(0);

  // The system turns light while it is open: all of it follows.
  await page.emulateMedia({ colorScheme: "light" });
  await expectReferenceTheme(page, false);

  // Chosen dark with the dashboard's toggle, on a light system: the reference is dark from the first paint.
  await signUp(page, uniqueEmail("dark-docs"));
  await page.getByRole("button", { name: "Dark theme" }).click();
  await page.goto("/docs");
  expect(await darkAtFirstBody(page)).toBe(true);
  await expectReferenceTheme(page, true);
  await context.close();
});
