import { expect, test, type Page } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/dashboard";

/**
 * A page's first-load JavaScript: every script the browser fetches on a first
 * visit with an empty cache, counted as transferred (compressed, as `next start` serves it) —
 * the figure `next build` used to print as "First Load JS".
 */
const BUDGET_BYTES = 250 * 1000;

/** The upload page, and the overview (whose chart library loads after the page, and counts here too). */
const PAGES: Array<[string, (page: Page) => Promise<void>]> = [
  ["/assets", (page) => expect(page.getByRole("button", { name: "Drop videos here, or click to choose files" })).toBeVisible()],
  ["/overview", (page) => expect(page.getByRole("img", { name: /^Chart of uploads/ }).locator("canvas")).toBeVisible()],
];

for (const [path, ready] of PAGES) test(`${path} loads less than 250 kB of JavaScript`, async ({ browser }) => {
  const signIn = await browser.newContext();
  await signUp(await signIn.newPage(), uniqueEmail("budget"));
  const storageState = await signIn.storageState();
  await signIn.close();

  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const scripts: Array<Promise<{ url: string; transferred: number; decoded: number }>> = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(
      (async () => ({
        url: response.url(),
        transferred: (await response.request().sizes()).responseBodySize,
        decoded: (await response.body()).length,
      }))(),
    );
  });
  await page.goto(path, { waitUntil: "networkidle" });
  await ready(page);
  const loaded = await Promise.all(scripts);
  const transferred = loaded.reduce((sum, s) => sum + s.transferred, 0);
  const decoded = loaded.reduce((sum, s) => sum + s.decoded, 0);
  const summary = `${loaded.length} scripts, ${(transferred / 1000).toFixed(1)} kB transferred (${(decoded / 1000).toFixed(1)} kB uncompressed)`;
  console.log(`first-load JS of ${path}: ${summary}`);
  test.info().annotations.push({ type: "first-load JS", description: summary });
  expect(loaded.length).toBeGreaterThan(0);
  // `next start` compresses responses of 1 kB and more (the `compression` middleware's threshold):
  // a chunk smaller than that, such as the loader of a lazily imported module, goes as it is.
  const compressible = loaded.filter((s) => s.decoded >= 1024);
  expect(compressible.every((s) => s.transferred < s.decoded), "scripts are served compressed").toBe(true);
  expect(transferred).toBeLessThan(BUDGET_BYTES);
  await context.close();
});
