import { expect, test, type Page } from "@playwright/test";
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

/** The page background's mean channel value, 0 (black) to 255 (white), as the browser paints it. */
const backgroundBrightness = (page: Page) =>
  page.evaluate(() => {
    const context = document.createElement("canvas").getContext("2d")!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return (r + g + b) / 3;
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
