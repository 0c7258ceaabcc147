import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { doubles, dropFiles, media, signUp, uniqueEmail } from "./support/dashboard";

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
];

/** The system's setting, which the dashboard follows while nobody chose a theme. */
const THEMES = ["light", "dark"] as const;
/** The README's pictures: regenerated from this run with UPDATE_README_IMAGES=1. */
const README_IMAGES = ["assets-desktop-light", "asset-mobile-light"];

/**
 * Saves a full-page screenshot as a test artifact in each theme, after checking nothing
 * overflows sideways.
 */
async function shoot(page: Page, name: string, viewport: string) {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${viewport} scrolls sideways`).toBeLessThanOrEqual(0);
    const file = `${name}-${viewport}-${theme}`;
    await page.screenshot({ path: test.info().outputPath(`${file}.png`), fullPage: true });
    if (process.env.UPDATE_README_IMAGES && README_IMAGES.includes(file)) {
      fs.copyFileSync(test.info().outputPath(`${file}.png`), `docs/images/${name}-${viewport}.png`);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("screenshots of every page at desktop and mobile widths, light and dark", async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  await page.setViewportSize(VIEWPORTS[0]);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto("/sign-in");
    await shoot(page, "sign-in", viewport.name);
    await page.goto("/sign-up");
    await shoot(page, "sign-up", viewport.name);
    await page.goto("/forgot-password");
    await shoot(page, "forgot-password", viewport.name);
  }

  await page.setViewportSize(VIEWPORTS[0]);
  await signUp(page, uniqueEmail("screens"));
  // Made before the upload, so the upload's deliveries are on its page. A session's change must
  // say where it comes from (CSRF).
  const { webhookReceiver } = await doubles();
  const hook = await page.request.post("/api/webhook", {
    headers: { Origin: new URL(baseURL!).origin },
    data: { name: "screenshot hook", url: `${webhookReceiver.url}/screenshots/a-long-path-that-must-wrap-on-narrow-screens` },
  });
  expect(hook.status()).toBe(200);
  const hookPath = `/webhooks/${(await hook.json()).id}`;
  await dropFiles(page, [{ name: "screenshot sample.mp4", bytes: media("h264-aac.mp4") }]);
  const row = page.locator("li[data-asset-id]", { hasText: "screenshot sample.mp4" });
  await expect(row.locator("[data-status]")).toHaveText("ready");
  const assetPath = await row.getByRole("link").getAttribute("href");

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto("/overview");
    await expect(page.getByRole("img", { name: /^Chart of uploads/ })).toBeVisible();
    await shoot(page, "overview", viewport.name);
    await page.goto("/assets");
    await expect(row.locator("[data-status]")).toHaveText("ready");
    await shoot(page, "assets", viewport.name);
    await page.goto(assetPath!);
    await expect(page.getByRole("heading", { name: "Details" })).toBeVisible();
    await shoot(page, "asset", viewport.name);
    await page.goto("/tasks");
    await expect(page.locator("tr[data-task-id]").first()).toBeVisible();
    await shoot(page, "tasks", viewport.name);
    await page.goto("/keys");
    await expect(page.getByText("No API keys yet")).toBeVisible();
    await shoot(page, "keys", viewport.name);
    await page.goto("/webhooks");
    await expect(page.getByRole("heading", { name: "screenshot hook" })).toBeVisible();
    await shoot(page, "webhooks", viewport.name);
    await page.goto(hookPath);
    const ready = page.locator('li[data-event="asset.ready"]');
    await ready.getByRole("button", { name: "Details of the asset.ready delivery" }).click();
    await expect(ready).toContainText("Livepeer-Signature:");
    await shoot(page, "webhook-deliveries", viewport.name);
    await page.goto("/signing-keys");
    await expect(page.getByRole("heading", { name: "Signing keys", level: 1 })).toBeVisible();
    await shoot(page, "signing-keys", viewport.name);
    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await shoot(page, "account", viewport.name);
  }
});
