import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type Request } from "@playwright/test";
import { uploadAsset } from "./support/assets";
import { signUp, uniqueEmail } from "./support/dashboard";

interface SessionData {
  session_id: string;
  playback_id: string;
  events: Array<{ type: string; play_to_first_frame_ms?: number; time_playing_ms?: number }>;
}

async function expectAccessiblePanel(page: Page) {
  const results = await new AxeBuilder({ page })
    .include("[data-testid=viewers-panel]")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const width = page.viewportSize()?.width;
  const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  expect(
    results.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `${width} px, ${dark ? "dark" : "light"}`,
  ).toEqual([]);
}

test("the player page reports its viewing every 5 s, and the asset's Viewers panel counts the view", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail("viewers"));
  const asset = await uploadAsset(page, "watched.mp4", "h264-aac.mp4");

  const reports: SessionData[] = [];
  const collect = (request: Request) => {
    if (request.method() !== "POST" || new URL(request.url()).pathname !== "/api/analytics/log") return;
    reports.push(JSON.parse(request.postData()!));
  };
  page.on("request", collect);
  await page.goto(`/play/${asset.playbackId}`);
  const video = page.locator("video");
  await expect(video).toHaveAttribute("data-engine", /hls\.js|native-hls|mp4/);
  await video.evaluate(async (element: HTMLVideoElement) => {
    if (element.readyState < 1)
      await new Promise((resolve) => element.addEventListener("loadedmetadata", resolve, { once: true }));
    element.muted = true;
    element.loop = true;
    await element.play();
  });
  const ours = () => reports.filter((report) => report.playback_id === asset.playbackId);
  await expect.poll(() => ours().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  const heartbeats = ours().flatMap((report) => report.events.filter((event) => event.type === "heartbeat"));
  expect(heartbeats.filter((beat) => typeof beat.play_to_first_frame_ms === "number")).toHaveLength(1);
  expect(heartbeats.reduce((sum, beat) => sum + (beat.time_playing_ms ?? 0), 0)).toBeGreaterThan(0);
  expect(new Set(ours().map((report) => report.session_id)).size).toBe(1);
  expect(ours()[0].events.map((event) => event.type)).toEqual(
    expect.arrayContaining(["play", "first-frame", "heartbeat"]),
  );

  // Leaving the page sends what is left with sendBeacon. Chromium tells Playwright nothing of a
  // leaving page's beacon, so the service's sum says it: more playtime than every report seen.
  await page.waitForTimeout(1000);
  await page.goto(`/assets/${asset.id}`);
  page.off("request", collect);
  const seen = ours()
    .flatMap((report) => report.events)
    .reduce((sum, event) => sum + (event.time_playing_ms ?? 0), 0);
  const kept = async () => {
    const answer = await page.request.get(`/api/data/views/query?playbackId=${asset.playbackId}`);
    const [row] = (await answer.json()) as Array<{ playtimeMins: number }>;
    return Math.round(row.playtimeMins * 60_000);
  };
  await expect.poll(kept).toBeGreaterThan(seen);

  // The panel counts one view with its time to first frame.
  const panel = page.getByRole("region", { name: "Viewers" });
  await expect(panel.locator('[data-figure="Views"]')).toHaveAttribute("data-value", "1", { timeout: 15_000 });
  await expect(panel.locator('[data-figure="Watch time"]')).not.toHaveAttribute("data-value", "0");
  await expect(panel.locator('[data-figure="Time to first frame"]')).toHaveText(/\d+ ms|\d+(\.\d)? s/);
  await expect(panel.getByRole("list", { name: "Top browsers" })).toContainText("Chrome");
  await expect(panel.getByRole("img", { name: /Chart of views/ })).toBeVisible();
  await expect(panel.locator('[data-figure="Error rate"]')).toHaveText("0%");

  // The overview adds the account's views and watch time.
  await page.goto("/overview");
  await expect(page.locator('[data-figure="Views"]')).toHaveAttribute("data-value", "1");

  // Accessible at desktop and phone widths, light and dark, without sideways scrolling on a phone.
  await page.goto(`/assets/${asset.id}`);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(panel.locator('[data-figure="Views"]')).toHaveAttribute("data-value", "1");
      await expectAccessiblePanel(page);
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
  }
});
