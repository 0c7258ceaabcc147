import { expect, test, type Page } from "@playwright/test";
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
  await page.getByText("Show as a table").click();
  const rows = page.locator("tr[data-day]");
  await expect(rows).toHaveCount(30);
  const cells = await rows.evaluateAll((trs) => trs.map((tr) => [Number(tr.getAttribute("data-day")), ...[...tr.children].slice(1).map((td) => Number(td.textContent))]));
  expect(cells).toEqual(usage.days.map((day) => [day.start, day.uploads, Math.round((day.deliveredSeconds / 60) * 100) / 100]));
  expect(usage.days.at(-1)!.uploads).toBe(2);
});
