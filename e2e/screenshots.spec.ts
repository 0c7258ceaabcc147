import { expect, test, type Page } from "@playwright/test";
import { doubles, dropFiles, media, signUp, uniqueEmail } from "./support/dashboard";

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
];

/** Saves a full-page screenshot as a test artifact, after checking nothing overflows sideways. */
async function shoot(page: Page, name: string, viewport: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} at ${viewport} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath(`${name}-${viewport}.png`), fullPage: true });
}

test("screenshots of the main pages at desktop and mobile widths", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(VIEWPORTS[0]);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto("/sign-in");
    await shoot(page, "sign-in", viewport.name);
    await page.goto("/sign-up");
    await shoot(page, "sign-up", viewport.name);
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
  }
});
