import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/dashboard";

// Scalar renders the whole document before its title shows: many seconds on a busy machine.
const RENDERED = { timeout: 30_000 };
// Rendering it, and closing its page, can take most of a minute there: three minutes per test.
test.describe.configure({ timeout: 180_000 });

test("/docs renders the API reference with every endpoint group, from this server alone", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== origin && !request.url().startsWith("data:")) elsewhere.push(request.url());
  });
  const document = await (await page.request.get("/api/openapi.json")).json();
  const groups: string[] = document.tags.map((tag: { name: string }) => tag.name);
  expect(groups).toEqual(expect.arrayContaining(["Assets", "Uploads", "Tasks", "Webhooks", "API keys", "Playback"]));

  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "Video asset service API", level: 1 })).toBeVisible(RENDERED);
  for (const group of groups) {
    await expect(page.getByRole("link", { name: group, exact: true }), `endpoint group ${group}`).toBeVisible();
  }
  // A group opens on its endpoints.
  await page.getByRole("link", { name: "Tasks", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Tasks", level: 2 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Tasks endpoints" })).toContainText("/api/task/{id}/cancel");
  await expect(page.getByRole("link", { name: /^Cancel a pending, waiting or running task/ })).toBeVisible();
  expect(elsewhere, "no request leaves this server (no CDN, fonts or telemetry)").toEqual([]);
});

test("the dashboard's navigation links to the API reference", async ({ page }) => {
  await signUp(page, uniqueEmail("docs"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API docs", exact: true }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole("heading", { name: "Video asset service API", level: 1 })).toBeVisible(RENDERED);
});

test("leaving the API reference for the dashboard takes Scalar's app and stylesheet off the page", async ({ page }) => {
  await signUp(page, uniqueEmail("docs-leave"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API docs", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Video asset service API", level: 1 })).toBeVisible(RENDERED);
  // Its stylesheet sets its theme on :root and its own base layer, which would go on styling the dashboard.
  const scalarStyle = page.locator("style#scalar-style");
  // Its app's portal root, outside the page's own tree. Its tooltip element is one per document,
  // hidden, kept by Scalar for the next reference.
  const scalarInBody = page.locator("body > .scalar-app:not(#scalar-tooltip)");
  await expect(scalarStyle).toHaveCount(1);
  await expect(scalarInBody).toHaveCount(1);
  await page.evaluate(() => Object.assign(window, { openedOnDocs: true }));

  await page.getByRole("navigation", { name: "Documentation" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  expect(await page.evaluate(() => "openedOnDocs" in window), "the same document: the app navigated, the browser did not load a page").toBe(true);
  await expect(scalarStyle).toHaveCount(0);
  await expect(scalarInBody).toHaveCount(0);
});

for (const { width, height } of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${width} px the reference keeps its header, the way back to the app, on screen and clear of the page`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto("/docs");
    await expect(page.getByRole("heading", { name: "Video asset service API", level: 1 })).toBeVisible(RENDERED);
    const header = page.locator("body header").first();
    const back = page.getByRole("navigation", { name: "Documentation" }).getByRole("link", { name: "Dashboard" });
    // Scalar's sticky parts: the sidebar on wide screens, its menu bar on phones.
    const scalarSticky = page.locator(width >= 1024 ? "aside.t-doc__sidebar" : ".t-doc__header");

    for (const scrolled of [0, 3000]) {
      await page.evaluate((y) => window.scrollTo(0, y), scrolled);
      await expect(back).toBeInViewport({ ratio: 1 });
      const headerBox = (await header.boundingBox())!;
      expect(headerBox.y, `scrolled ${scrolled}: the header is at the top`).toBe(0);
      const sticky = (await scalarSticky.boundingBox())!;
      expect(sticky.y, `scrolled ${scrolled}: Scalar's bar starts under the header`).toBeGreaterThanOrEqual(headerBox.height - 1);
      expect(sticky.y + sticky.height, `scrolled ${scrolled}: and ends within the window`).toBeLessThanOrEqual(height + 1);
      // Nothing of the reference is drawn over the header's links.
      const linkBox = (await back.boundingBox())!;
      const onTop = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest("a")?.textContent,
        [linkBox.x + linkBox.width / 2, linkBox.y + linkBox.height / 2],
      );
      expect(onTop).toContain("Dashboard");
    }
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);
    await back.click();
    // Signed out, the dashboard sends the visitor on to sign in. The test ends there, not at
    // /overview on the way: closing the browser context during that navigation took the rest of
    // the test's three minutes in about 1 run in 6.
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });
}
