import { expect, test } from "@playwright/test";
import { requestUpload, uploadAsset } from "./support/assets";
import { signUp, uniqueEmail } from "./support/dashboard";

/** As the failed asset's page writes a size: `45.3 KB (45,278 bytes)`. */
function sizeText(bytes: number): string {
  const kilobytes = bytes / 1000;
  return `${kilobytes.toFixed(kilobytes < 10 ? 1 : 0)} KB (${bytes.toLocaleString("en")} bytes)`;
}

test("a ready asset: badge by the title, playback URL, embed snippet and download, each with a copy button", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUp(page, uniqueEmail("ready"));
  const asset = await uploadAsset(page, "ready clip.mp4", "h264-aac.mp4");
  await page.goto(`/assets/${asset.id}`);
  const origin = new URL(page.url()).origin;

  const title = page.getByRole("heading", { name: "ready clip.mp4", level: 1 });
  await expect(title).toBeVisible();
  // The badge sits on the title's line.
  const badge = page.locator("main [data-status]").first();
  await expect(badge).toHaveText("ready");
  const [titleBox, badgeBox] = [await title.boundingBox(), await badge.boundingBox()];
  expect(Math.abs(titleBox!.y + titleBox!.height / 2 - (badgeBox!.y + badgeBox!.height / 2))).toBeLessThan(12);

  const use = page.getByRole("region", { name: "Use this video" });
  await expect(use).toContainText(`${origin}/api/playback/${asset.playbackId}`);
  const snippet = `<iframe src="${origin}/play/${asset.playbackId}"`;
  await expect(use).toContainText(snippet);
  await expect(use.getByRole("link", { name: /^Download the file/ })).toHaveAttribute("href", /\/api\/storage\/download\//);
  for (const name of ["Copy playback url", "Copy embed code", "Copy download"]) await expect(use.getByRole("button", { name })).toBeVisible();
  await use.getByRole("button", { name: "Copy embed code" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(snippet);
  await expect(page.getByRole("region", { name: "Details" })).toContainText(asset.playbackId);

  // Delete is a danger action, and asks first.
  const remove = page.getByRole("button", { name: "Delete asset" });
  await expect(remove).toHaveClass(/\btext-red-700\b/);
  await expect(remove).toHaveClass(/\bborder-red-300\b/);
  await remove.click();
  await expect(page.getByRole("group", { name: "Confirm deletion" })).toBeVisible();
});

test("a failed asset states its reason once, with how to fix it, and no playback links", async ({ page }) => {
  await signUp(page, uniqueEmail("failed"));
  const asset = await uploadAsset(page, "voice memo.mp4", "aac-only.mp4", "failed");
  await page.goto(`/assets/${asset.id}`);
  await expect(page.getByRole("heading", { name: "voice memo.mp4", level: 1 })).toBeVisible();
  await expect(page.locator("main [data-status]").first()).toHaveText("failed");
  await expect(page.getByText("the file has no video track")).toHaveCount(1);
  await expect(page.getByRole("alert").filter({ hasText: "no video track" })).toHaveText("Reason: the file has no video track");
  await expect(page.getByText("How to fix it: The file has no picture. Only videos can be uploaded.")).toBeVisible();
  // Re-encoding cannot give a sound-only file a picture: no ffmpeg command is offered.
  await expect(page.getByRole("button", { name: "Copy the ffmpeg command" })).toHaveCount(0);
  // What the check found in the file, and how big it was.
  await expect(page.locator("p", { hasText: /^Found:/ })).toHaveText(
    `Found: mov,mp4,m4a,3gp,3g2,mj2 with aac audio, in a file of ${sizeText(asset.size!)}`,
  );
  await expect(page.getByRole("region", { name: "Use this video" })).toHaveCount(0);
  await expect(page.getByText(asset.playbackId)).toHaveCount(0);
  await expect(page.getByText("Playback id")).toHaveCount(0);
});

test("a file that is not a video, or is empty, is named by what the reader said and by its size", async ({ page }) => {
  await signUp(page, uniqueEmail("not-video"));
  const text = Buffer.from("hello, this is a text file and not a video\n");
  const notVideo = await uploadAsset(page, "notes.mp4", text, "failed");
  expect(notVideo.size).toBe(text.length);
  await page.goto(`/assets/${notVideo.id}`);
  const failed = page.getByRole("region", { name: "This file cannot be used" });
  await expect(failed.getByRole("alert")).toHaveText("Reason: the file is not a video ffmpeg can read (Invalid data found when processing input)");
  await expect(failed.locator("p", { hasText: /^Found:/ })).toHaveText(`Found: a file of ${text.length} B`);
  await expect(failed.getByText("not a video ffmpeg can read")).toHaveCount(1);
  await expect(failed.getByText("ffmpeg -i in.mov -c:v libx264 -c:a aac", { exact: false })).toBeVisible();

  const empty = await uploadAsset(page, "empty.mp4", Buffer.alloc(0), "failed");
  await page.goto(`/assets/${empty.id}`);
  await expect(failed.getByRole("alert")).toHaveText("Reason: file is empty");
  await expect(failed.locator("p", { hasText: /^Found:/ })).toHaveText("Found: an empty file (0 bytes)");
});

test("a waiting asset says it waits for its file, and offers to wait, resume by choosing the file again, or to cancel the upload", async ({ page }) => {
  await signUp(page, uniqueEmail("waiting"));
  const asset = await requestUpload(page, "abandoned.mp4");
  await page.goto(`/assets/${asset.id}`);
  const waiting = page.getByRole("region", { name: "Waiting for the file" });
  await expect(waiting, "what it waits for").toContainText("The video's file has not arrived in full yet");
  await expect(waiting, "what to do").toContainText("wait for it to finish");
  await expect(waiting).toContainText("If its upload stopped, resume it: choose the same file");
  await expect(waiting.getByRole("button", { name: "Resume upload" })).toBeEnabled();
  await expect(page.getByText(/Playback id/)).toHaveCount(0);
  await waiting.getByRole("button", { name: "Cancel upload" }).click();
  await expect(page).toHaveURL(/\/assets$/);
  expect((await page.request.get(`/api/asset/${asset.id}`)).status()).toBe(404);
});

test("a change made on the page is kept when a check of the asset sent before it is answered after it", async ({ page }) => {
  await signUp(page, uniqueEmail("stale-poll"));
  const asset = await uploadAsset(page, "stale poll.mp4", "h264-aac.mp4");
  let saved = () => {};
  const changed = new Promise<void>((resolve) => (saved = resolve));
  let reads = 0;
  // The page checks a processing asset every second. The first answer says processing; the second
  // check is read from the server at once but answered only after the change below is saved,
  // saying ready (so the page stops checking): the order CI once met by chance.
  await page.route(`**/api/asset/${asset.id}`, async (route) => {
    const response = await route.fetch();
    if (route.request().method() === "PATCH") {
      await route.fulfill({ response });
      return saved();
    }
    reads++;
    if (reads === 1) return route.fulfill({ response, json: { ...(await response.json()), status: "processing" } });
    if (reads === 2) await changed;
    await route.fulfill({ response });
  });
  const staleCheck = page.waitForRequest((request) => request.method() === "GET" && request.url().endsWith(`/api/asset/${asset.id}`) && reads === 1);
  await page.goto(`/assets/${asset.id}`);
  const details = page.getByRole("region", { name: "Details" });
  const policy = details.getByLabel("Playback policy");
  await expect(policy).toBeEnabled();
  const staleAnswer = (await staleCheck).response();

  await policy.selectOption({ label: "Signed (JWT)" });
  await (await staleAnswer)!.finished();
  // Two frames: time for the page to apply the answer it has just read, had it kept it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(details.locator("[data-playback-policy]")).toHaveAttribute("data-playback-policy", "jwt");
  await expect(policy.locator("option:checked")).toHaveText("Signed (JWT)");
});
