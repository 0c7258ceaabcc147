import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { uploadAsset } from "./support/assets";
import { doubles, signUp, uniqueEmail } from "./support/dashboard";

const WIDTHS = [1280, 390];

/** Issue 14: no serious or critical axe violation on any page, at desktop and phone widths. */
async function expectAccessible(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const grave = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = grave.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
  expect(report, `axe on ${name} at ${page.viewportSize()?.width} px`).toEqual([]);
}

test("sign-in, sign-up and password reset pages have no serious or critical axe violations", async ({ page }) => {
  const pages: Array<[string, RegExp]> = [
    ["/sign-in", /Sign in/],
    ["/sign-up", /Create account/],
    ["/forgot-password", /Send reset link/],
    // A link that does not work shows what to do instead of the form.
    ["/reset-password?token=not-a-reset-token", /Ask for a new one/],
  ];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, control] of pages) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: control }).or(page.getByRole("link", { name: control }))).toBeVisible();
      await expectAccessible(page, path);
    }
  }
});

const RENDERED = { timeout: 30_000 };

test("the API reference has no serious or critical axe violations", async ({ page }) => {
  test.setTimeout(180_000);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // Scalar's bundle takes seconds to parse and render on a busy 2-core machine.
    await page.goto("/docs");
    await expect(page.getByRole("heading", { name: "Video asset service API", level: 1 })).toBeVisible(RENDERED);
    // A section further down renders more of Scalar's components (schemas, examples, copy buttons).
    await page.goto("/docs#tag/webhooks");
    await expect(page.getByRole("heading", { name: "Create a webhook" })).toBeVisible(RENDERED);
    await expectAccessible(page, "/docs");
  }
});

test("every dashboard page has no serious or critical axe violations", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signUp(page, uniqueEmail("axe"));
  const ready = await uploadAsset(page, "accessible.mp4", "h264-aac.mp4");
  const failed = await uploadAsset(page, "refused.mp4", "hevc-aac.mp4", "failed");
  const hook = await page.request.post("/api/webhook", {
    headers: { Origin: new URL(baseURL!).origin },
    data: { name: "axe hook", url: `${(await doubles()).webhookReceiver.url}/axe` },
  });
  expect(hook.status()).toBe(200);

  const pages: Array<[string, (page: Page) => Promise<void>]> = [
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
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, loaded] of pages) {
      await page.goto(path);
      await loaded(page);
      await expectAccessible(page, path);
    }
  }
});
