import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { uploadAsset } from "./support/assets";
import { doubles, signUp, uniqueEmail } from "./support/dashboard";

const WIDTHS = [1280, 390];
/** The system's setting, which every page follows while no theme was chosen (issue 26). */
const SCHEMES = ["light", "dark"] as const;

/**
 * Still experimental in axe 4.13, so off unless named: a control's name holds all its visible text
 * (WCAG 2.5.3), so a voice-control user saying what they see reaches it. Scalar's own buttons on
 * the API reference fail it (their names, "Show all Uploads endpoints" and the like, are not their text): our pages only.
 */
const OUR_PAGES_ALSO = { "label-content-name-mismatch": { enabled: true } };

/**
 * Issues 14, 26 and 36: no axe violation of any impact on any page, the API reference included, at
 * desktop and phone widths, light and dark.
 */
async function expectAccessible(page: Page, name: string, extraRules: Record<string, { enabled: boolean }> = OUR_PAGES_ALSO) {
  // axe in the page itself (legacy mode) and violations only: over Scalar's page 4.3 s where the
  // default took 11.5 (a second page for axe's finishRun, every passing node serialized). Legacy
  // mode cannot reach into frames, so a page that gains one fails here rather than going unchecked.
  expect(page.frames(), `${name} has no frames`).toHaveLength(1);
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ rules: extraRules, resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const report = results.violations.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
  const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  expect(report, `axe on ${name} at ${page.viewportSize()?.width} px, ${dark ? "dark" : "light"}`).toEqual([]);
}

/** Each width in each scheme; the page is dark exactly when the system is. */
async function forEachLook(page: Page, visit: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      await visit();
    }
  }
}

async function expectTheme(page: Page) {
  const dark = await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches);
  await expect(page.locator("html")).toHaveClass(dark ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

test("sign-in, sign-up and password reset pages have no axe violations", async ({ page }) => {
  // Sixteen page loads and axe runs, often the run's first, while the server loads each route's code.
  test.setTimeout(180_000);
  const pages: Array<[string, RegExp]> = [
    ["/sign-in", /Sign in/],
    ["/sign-up", /Create account/],
    ["/forgot-password", /Send reset link/],
    // A link that does not work shows what to do instead of the form.
    ["/reset-password?token=not-a-reset-token", /Ask for a new one/],
  ];
  await forEachLook(page, async () => {
    for (const [path, control] of pages) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: control }).or(page.getByRole("link", { name: control }))).toBeVisible();
      await expectTheme(page);
      await expectAccessible(page, path);
    }
  });
});

const RENDERED = { timeout: 30_000 };

test("the API reference has no axe violations", async ({ page }) => {
  // Four looks of Scalar's large page, axe over each: over 6 minutes on a slow 2-core machine with two workers.
  test.setTimeout(900_000);
  await forEachLook(page, async () => {
    // Scalar's bundle takes seconds to parse and render on a busy 2-core machine.
    await page.goto("/docs");
    await expect(page.getByRole("heading", { name: "Video asset service API", level: 1 })).toBeVisible(RENDERED);
    // A section further down renders more of Scalar's components (schemas, examples, copy buttons);
    // Create a webhook answers the codes Create an asset does. Then the code card of a DELETE.
    await page.goto("/docs#tag/webhooks");
    await expect(page.getByRole("heading", { name: "Create a webhook" })).toBeVisible(RENDERED);
    await page.goto("/docs#tag/webhooks/DELETE/api/webhook/{id}");
    await expect(page.getByRole("heading", { name: "Delete a webhook" })).toBeVisible(RENDERED);
    await expectTheme(page);
    await expectAccessible(page, "/docs", {});
    // Below 1024 px Scalar's bar at the top opens the list of sections, rendered inside that bar.
    if (page.viewportSize()!.width < 1024) {
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("complementary", { name: /^Sidebar for/ })).toBeVisible();
      await expectAccessible(page, "/docs with its menu open", {});
    }
  });
});

test("every dashboard page has no axe violations", async ({ page, baseURL }) => {
  test.setTimeout(360_000);
  await signUp(page, uniqueEmail("axe"));
  const ready = await uploadAsset(page, "accessible.mp4", "h264-aac.mp4");
  const failed = await uploadAsset(page, "refused.mp4", "aac-only.mp4", "failed");
  const hook = await page.request.post("/api/webhook", {
    headers: { Origin: new URL(baseURL!).origin },
    data: { name: "axe hook", url: `${(await doubles()).webhookReceiver.url}/axe` },
  });
  expect(hook.status()).toBe(200);

  const pages: Array<[string, (page: Page) => Promise<void>]> = [
    ["/overview", (p) => expect(p.getByRole("img", { name: /^Chart of uploads/ }).locator("canvas")).toBeVisible()],
    ["/assets", (p) => expect(p.locator("li[data-asset-id]")).toHaveCount(2)],
    [`/assets/${ready.id}`, (p) => expect(p.getByRole("region", { name: "Use this video" })).toBeVisible()],
    [`/assets/${failed.id}`, (p) => expect(p.getByRole("heading", { name: "This file cannot be used" })).toBeVisible()],
    ["/tasks", (p) => expect(p.locator("tr[data-task-id]")).toHaveCount(2)],
    ["/keys", (p) => expect(p.getByText("No API keys yet")).toBeVisible()],
    ["/signing-keys", (p) => expect(p.getByText("No signing keys yet")).toBeVisible()],
    ["/webhooks", (p) => expect(p.getByRole("heading", { name: "axe hook" })).toBeVisible()],
    [`/webhooks/${(await hook.json()).id}`, (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    ["/account", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
  ];
  await forEachLook(page, async () => {
    for (const [path, loaded] of pages) {
      await page.goto(path);
      await loaded(page);
      await expectTheme(page);
      await expectAccessible(page, path);
    }
  });
});
