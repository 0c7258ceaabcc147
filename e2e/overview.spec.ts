import { expect, test, type Locator, type Page } from "@playwright/test";
import { startExport, uploadAsset } from "./support/assets";
import { doubles, signIn, signUp, uniqueEmail } from "./support/dashboard";

interface Usage {
  assets: Record<"total" | "waiting" | "processing" | "ready" | "failed", number>;
  storageBytes: number;
  uploadedSeconds: number;
  exportsThisMonth: number;
  deliveredBytes: number;
  deliveredSeconds: number;
  days: Array<{ start: number; uploads: number; deliveredSeconds: number }>;
}

const figure = (page: Page, name: string) => page.locator(`[data-figure="${name}"]`);

test("sign-in lands on the overview, whose figures and chart match the API", async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("overview");
  await signUp(page, email);
  const ready = await uploadAsset(page, "counted.mp4", "h264-aac.mp4");
  await uploadAsset(page, "refused.mp4", "aac-only.mp4", "failed");
  await startExport(page, ready.id, { custom: { url: `${(await doubles()).receiver.url}/overview.mp4` } });
  // Played once, whole: each node writes its playback sums every 10 s (a third of TASK_LEASE_SECONDS).
  const played = await page.request.get(`/api/playback/${ready.playbackId}/video.mp4`);
  expect((await played.body()).length).toBe(ready.size);
  const delivered = async () => ((await (await page.request.get("/api/usage")).json()) as Usage).deliveredBytes;
  await expect.poll(delivered, { timeout: 30_000 }).toBe(ready.size);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await signIn(page, email);
  const list = await page.request.get("/api/asset?total=true&limit=100");
  const assets: Array<{ status: string; size?: number; videoSpec?: { duration: number } }> = await list.json();
  const usage: Usage = await (await page.request.get("/api/usage")).json();
  const exports: unknown[] = await (await page.request.get("/api/task?type=export")).json();

  // The API agrees with itself: the list's count, sizes and durations are the usage's.
  expect(Number(list.headers()["x-total-count"])).toBe(2);
  expect(usage.assets).toEqual({ total: 2, waiting: 0, processing: 0, ready: 1, failed: 1 });
  const bytes = assets.reduce((sum, asset) => sum + (asset.size ?? 0), 0);
  expect(usage.storageBytes).toBe(bytes);
  const seconds = assets.reduce((sum, asset) => sum + (asset.videoSpec?.duration ?? 0), 0);
  expect(usage.uploadedSeconds).toBeCloseTo(seconds, 3);
  expect(usage.exportsThisMonth).toBe(exports.length);
  expect(exports).toHaveLength(1);
  expect(usage.deliveredSeconds).toBeCloseTo(seconds, 2);

  // The page shows the same figures.
  await expect(figure(page, "Assets")).toHaveAttribute("data-value", "2");
  await expect(figure(page, "Assets")).toContainText("1 ready · 0 processing · 0 waiting · 1 failed");
  await expect(figure(page, "Storage used")).toHaveAttribute("data-value", String(bytes));
  await expect(figure(page, "Storage used")).toHaveText(/^\d+(\.\d)? (KB|MB)$/);
  await expect(figure(page, "Minutes uploaded")).toHaveAttribute("data-value", String(usage.uploadedSeconds));
  await expect(figure(page, "Minutes uploaded")).toHaveText(String(Math.round((seconds / 60) * 100) / 100));
  await expect(figure(page, "Exports this month")).toHaveText("1");
  await expect(figure(page, "Minutes delivered")).toHaveAttribute("data-value", String(usage.deliveredSeconds));

  // The chart is drawn (a canvas with pixels), and its table lists the API's 30 days.
  const minutes = String(Math.round((seconds / 60) * 100) / 100);
  const chart = page.getByRole("img", { name: `Chart of uploads (bars) and minutes delivered (line) per day: 2 uploads and ${minutes} minutes delivered in the last 30 days` });
  const canvas = chart.locator("canvas");
  await expect(canvas).toBeVisible();
  expect((await canvas.boundingBox())!.width).toBeGreaterThan(200);
  const painted = await canvas.evaluate((element: HTMLCanvasElement) => {
    const pixels = element.getContext("2d")!.getImageData(0, 0, element.width, element.height).data;
    return pixels.some((value, i) => i % 4 === 3 && value > 0);
  });
  expect(painted).toBe(true);
  // Today's bar (the only day with uploads) is drawn whole inside the plot, not cut at its right edge.
  const today = await todaysBar(chart);
  expect(today.barRight).toBeLessThan(today.plotRight - 1);
  expect(today.barWidth).toBeGreaterThanOrEqual(Math.min(24, 0.7 * today.dayWidth) - 2);
  // So it is on a phone and in the dark theme: the whole chart on the screen, today's bar inside the plot.
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.reload();
      await expect(canvas).toBeVisible();
      const box = (await chart.boundingBox())!;
      expect(box.x + box.width, `${colorScheme} at ${width} px: the chart fits the screen`).toBeLessThanOrEqual(width);
      const bar = await todaysBar(chart);
      // A day is 8 px wide at 390 px: the half day after today's bar leaves it about a pixel from the edge.
      expect(bar.barRight, `${colorScheme} at ${width} px: today's bar inside the plot ${JSON.stringify(bar)}`).toBeLessThanOrEqual(bar.plotRight);
      expect(bar.barWidth, `${colorScheme} at ${width} px: today's bar drawn whole ${JSON.stringify(bar)}`).toBeGreaterThanOrEqual(Math.min(24, 0.7 * bar.dayWidth) - 2);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.getByText("Show as a table").click();
  const rows = page.locator("tr[data-day]");
  await expect(rows).toHaveCount(30);
  const cells = await rows.evaluateAll((trs) => trs.map((tr) => [Number(tr.getAttribute("data-day")), ...[...tr.children].slice(1).map((td) => Number(td.textContent))]));
  expect(cells).toEqual(usage.days.map((day) => [day.start, day.uploads, Math.round((day.deliveredSeconds / 60) * 100) / 100]));
  expect(usage.days.at(-1)!.uploads).toBe(2);
});

/**
 * Where the uploads bar of the chart's last day is drawn, in CSS pixels: the run of pixels of the
 * bars' colour along a row a third of the way up the plot (above the delivered line's start).
 */
async function todaysBar(chart: Locator) {
  return chart.evaluate((element: HTMLElement) => {
    const canvas = element.querySelector("canvas")!;
    const plot = element.querySelector(".u-over")!.getBoundingClientRect();
    const box = canvas.getBoundingClientRect();
    const scale = canvas.width / box.width;
    const swatch = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    swatch.fillStyle = getComputedStyle(element).getPropertyValue("--chart-bars").trim();
    swatch.fillRect(0, 0, 1, 1);
    const [red, green, blue] = swatch.getImageData(0, 0, 1, 1).data;
    const y = Math.round((plot.bottom - plot.height / 3 - box.top) * scale);
    const row = canvas.getContext("2d")!.getImageData(0, y, canvas.width, 1).data;
    const columns: number[] = [];
    for (let x = 0; x < canvas.width; x++) {
      const near = Math.abs(row[x * 4] - red) + Math.abs(row[x * 4 + 1] - green) + Math.abs(row[x * 4 + 2] - blue) < 24;
      if (near && row[x * 4 + 3] > 200) columns.push(x);
    }
    const toCss = (x: number) => box.left + x / scale;
    return {
      plotRight: plot.right,
      dayWidth: plot.width / 30,
      barRight: toCss(columns.at(-1)! + 1),
      barWidth: (columns.at(-1)! + 1 - columns[0]) / scale,
    };
  });
}
