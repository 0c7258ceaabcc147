import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { formatBytes } from "../lib/client/format";
import { moovInTheMiddle } from "../test/helpers/mp4-layout";
import { mediaPath, progressOf, signUp, uniqueEmail } from "./support/dashboard";
import { recordTusRequests, throttleUploads, type TusRequest } from "./support/network";
import { paddedMp4, tempMediaDir } from "./support/padded-mp4";

const FILE_BYTES = 20 * 1024 * 1024;
/** Past the first 8 MiB chunk (40%), which the server has then acknowledged. */
const CUT_AT_PERCENT = 45;
const FIRST_CHUNK_PERCENT = 40;
const SLOW_BYTES_PER_SECOND = 1_500_000;

const media = tempMediaDir();
test.afterAll(() => media.remove());

/** The card of an upload in the tray, which every dashboard page shows. */
const uploadCard = (page: Page, name: string) =>
  page.getByRole("region", { name: "Uploads" }).locator("li", { hasText: name });

async function chooseFile(page: Page, file: string) {
  await page.getByTestId("file-input").setInputFiles(file);
}

async function cutWhenPast(page: Page, name: string, percent: number) {
  await expect.poll(() => progressOf(page, `Upload of ${name}`), { timeout: 60_000 }).toBeGreaterThanOrEqual(percent);
}

/** The percent a card says its upload went on from, as the server reported its offset. */
async function resumedAtPercent(page: Page, name: string): Promise<number> {
  const card = uploadCard(page, name);
  await expect(card).toContainText(/resumed at \d+%/);
  return Number((await card.textContent())?.match(/resumed at (\d+)%/)?.[1]);
}

/** The card ends `ready` with a link to its asset page; returns the asset's id. */
async function expectReady(page: Page, name: string): Promise<string> {
  const card = uploadCard(page, name);
  await expect(card).toHaveAttribute("data-upload-status", "ready", { timeout: 60_000 });
  const link = card.getByRole("link", { name: `View asset ${name}` });
  await expect(link).toHaveAttribute("href", /^\/assets\/[0-9a-f-]{36}$/);
  return (await link.getAttribute("href"))!.split("/").at(-1)!;
}

/** The assets page lists one asset of that name, ready: the upload went on on the asset it began. */
async function expectOneReadyAsset(page: Page, name: string, assetId: string) {
  const assets = page.locator("li[data-asset-id]", { hasText: name });
  await expect(assets).toHaveCount(1);
  await expect(assets).toHaveAttribute("data-asset-id", assetId);
  await expect(assets.locator("[data-status]")).toHaveText("ready");
}

/** Resuming sent no new creation (POST): it asked the server's offset (HEAD) and went on from it. */
function expectResumedFromOffset(requests: TusRequest[]) {
  expect(requests.map((request) => request.method)).not.toContain("POST");
  expect(requests[0]?.method).toBe("HEAD");
  const firstPatch = requests.find((request) => request.method === "PATCH");
  expect(firstPatch?.offset).toBeGreaterThanOrEqual((FIRST_CHUNK_PERCENT / 100) * FILE_BYTES);
}

test("an upload cut off by a reload is listed as interrupted and resumes on the same asset", async ({ page }) => {
  test.setTimeout(150_000);
  const name = "reloaded.mp4";
  const file = media.write(name, paddedMp4(FILE_BYTES));
  await signUp(page, uniqueEmail("reload"));
  const network = await throttleUploads(page, SLOW_BYTES_PER_SECOND);
  // Leaving during an upload asks first: the user confirms.
  page.on("dialog", (dialog) => dialog.accept());

  await chooseFile(page, file);
  await cutWhenPast(page, name, CUT_AT_PERCENT);
  await page.reload();

  const card = uploadCard(page, name);
  await expect(card).toHaveAttribute("data-upload-status", "interrupted");
  await expect(card).toContainText(`of ${formatBytes(FILE_BYTES)}`);
  const interruptedPercent = await progressOf(page, `Upload of ${name}`);
  expect(interruptedPercent).toBeGreaterThanOrEqual(CUT_AT_PERCENT);
  await expect(card).toContainText(`${interruptedPercent}%`);
  await expect(card).toContainText("choose the same file again");

  await network.limitUploads(-1);
  const requests = recordTusRequests(page);
  await chooseFile(page, file);
  expect(await resumedAtPercent(page, name)).toBeGreaterThanOrEqual(FIRST_CHUNK_PERCENT);
  await expectOneReadyAsset(page, name, await expectReady(page, name));
  expectResumedFromOffset(requests);
});

test("an upload cut off by a browser restart resumes when its file is chosen on its card", async ({ browser }) => {
  test.setTimeout(150_000);
  const name = "restarted.mp4";
  const file = media.write(name, paddedMp4(FILE_BYTES));
  const before = await browser.newContext();
  const page = await before.newPage();
  await signUp(page, uniqueEmail("restart"));
  await throttleUploads(page, SLOW_BYTES_PER_SECOND);
  await chooseFile(page, file);
  await cutWhenPast(page, name, CUT_AT_PERCENT);
  // What the browser keeps on disk (cookies, localStorage) outlives it; the running upload does not.
  const storageState = await before.storageState();
  await before.close();

  const after = await browser.newContext({ storageState });
  const restarted = await after.newPage();
  await restarted.goto("/tasks");
  const card = uploadCard(restarted, name);
  await expect(card).toHaveAttribute("data-upload-status", "interrupted");

  // Another file is refused; the same one resumes.
  const chooser = restarted.waitForEvent("filechooser");
  await card.getByRole("button", { name: `Choose file for ${name} to resume` }).click();
  await (await chooser).setFiles(mediaPath("h264-aac.mp4"));
  await expect(card).toContainText("is not the interrupted file");
  await expect(card).toHaveAttribute("data-upload-status", "interrupted");

  const requests = recordTusRequests(restarted);
  const sameFile = restarted.waitForEvent("filechooser");
  await card.getByRole("button", { name: `Choose file for ${name} to resume` }).click();
  await (await sameFile).setFiles(file);
  expect(await resumedAtPercent(restarted, name)).toBeGreaterThanOrEqual(FIRST_CHUNK_PERCENT);
  await expectReady(restarted, name);
  expectResumedFromOffset(requests);
  await card.getByRole("link", { name: `View asset ${name}` }).click();
  await expect(restarted.getByRole("heading", { name, level: 1 })).toBeVisible();
  await after.close();
});

test("a waiting asset's page resumes its upload in a browser that has no record of it, refusing another file", async ({ browser }) => {
  test.setTimeout(150_000);
  const name = "elsewhere.mp4";
  const file = media.write(name, paddedMp4(FILE_BYTES));
  const before = await browser.newContext();
  const page = await before.newPage();
  await signUp(page, uniqueEmail("elsewhere"));
  await throttleUploads(page, SLOW_BYTES_PER_SECOND);
  await chooseFile(page, file);
  await cutWhenPast(page, name, CUT_AT_PERCENT);
  // Only the sign-in travels (as to another browser): no saved upload in localStorage.
  const signedIn = { ...(await before.storageState()), origins: [] };
  await before.close();

  const after = await browser.newContext({ storageState: signedIn });
  const other = await after.newPage();
  await other.goto("/assets");
  const row = other.locator("li[data-asset-id]", { hasText: name });
  await expect(row.locator("[data-status]")).toHaveText("waiting");
  const assetId = (await row.getAttribute("data-asset-id"))!;
  await expect(other.getByRole("region", { name: "Uploads" }).locator("li", { hasText: name })).toHaveCount(0);
  await other.goto(`/assets/${assetId}`);
  const waiting = other.getByRole("region", { name: "Waiting for the file" });
  const resume = waiting.getByRole("button", { name: "Resume upload" });
  await expect(resume).toBeEnabled();

  // Another file is refused before a byte of it is sent.
  const requests = recordTusRequests(other);
  const wrong = other.waitForEvent("filechooser");
  await resume.click();
  await (await wrong).setFiles(mediaPath("h264-aac.mp4"));
  await expect(waiting.getByRole("alert")).toContainText(
    `“h264-aac.mp4” (${formatBytes(fs.statSync(mediaPath("h264-aac.mp4")).size)}) is not the file this upload began with (“${name}”, ${formatBytes(FILE_BYTES)})`,
  );
  expect(requests.map((request) => request.method)).not.toContain("PATCH");

  // The same file goes on from the server's offset, on the same asset.
  const right = other.waitForEvent("filechooser");
  await resume.click();
  await (await right).setFiles(file);
  await expect(waiting.getByRole("alert")).toHaveCount(0);
  expect(await resumedAtPercent(other, name)).toBeGreaterThanOrEqual(FIRST_CHUNK_PERCENT);
  expect(await expectReady(other, name)).toBe(assetId);
  await expect(other.locator("main [data-status]").first()).toHaveText("ready", { timeout: 30_000 });
  expectResumedFromOffset(requests);
  await other.goto("/assets");
  await expectOneReadyAsset(other, name, assetId);
  await after.close();
});

test("an upload cut off by the network going down goes on by itself when it is back", async ({ page }) => {
  test.setTimeout(150_000);
  const name = "offline.mp4";
  const file = media.write(name, paddedMp4(FILE_BYTES));
  await signUp(page, uniqueEmail("offline"));
  const network = await throttleUploads(page, SLOW_BYTES_PER_SECOND);

  await chooseFile(page, file);
  await cutWhenPast(page, name, CUT_AT_PERCENT);
  await network.setOffline(true);
  const card = uploadCard(page, name);
  await expect(card).toHaveAttribute("data-upload-status", "offline", { timeout: 30_000 });
  await expect(card).toContainText("Offline");

  const requests = recordTusRequests(page);
  await network.setOffline(false);
  expect(await resumedAtPercent(page, name)).toBeGreaterThanOrEqual(FIRST_CHUNK_PERCENT);
  await expectOneReadyAsset(page, name, await expectReady(page, name));
  expectResumedFromOffset(requests);
});

test("pause and resume, then the finished card stays until dismissed", async ({ page }) => {
  test.setTimeout(150_000);
  const name = "paused.mp4";
  const file = media.write(name, paddedMp4(FILE_BYTES));
  await signUp(page, uniqueEmail("pause"));
  const network = await throttleUploads(page, SLOW_BYTES_PER_SECOND);

  await chooseFile(page, file);
  await cutWhenPast(page, name, CUT_AT_PERCENT);
  await page.getByRole("button", { name: `Pause upload of ${name}` }).click();
  const card = uploadCard(page, name);
  await expect(card).toHaveAttribute("data-upload-status", "paused");
  await expect(card).toContainText("Paused");

  await network.limitUploads(-1);
  const requests = recordTusRequests(page);
  await page.getByRole("button", { name: `Resume upload of ${name}` }).click();
  expect(await resumedAtPercent(page, name)).toBeGreaterThanOrEqual(FIRST_CHUNK_PERCENT);
  await expectOneReadyAsset(page, name, await expectReady(page, name));
  expectResumedFromOffset(requests);
  // It stays with its link (e2e/upload-tray.spec.ts waits a minute on the page's clock) until dismissed.
  await page.getByRole("button", { name: `Dismiss ${name}` }).click();
  await expect(card).toHaveCount(0);
});

test("a file the service refuses turns its card red with the reason", async ({ page }) => {
  await signUp(page, uniqueEmail("refused"));
  // Its moov lies beyond the first and last MiB, which is all the browser's own check reads: the service judges it.
  await page.getByTestId("file-input").setInputFiles({ name: "sound only.mp4", mimeType: "video/mp4", buffer: moovInTheMiddle(fs.readFileSync(mediaPath("aac-only.mp4"))) });
  const card = uploadCard(page, "sound only.mp4");
  await expect(card).toHaveAttribute("data-upload-status", "failed", { timeout: 10_000 });
  await expect(card).toContainText("the file has no video track");
  await expect(card).toHaveClass(/border-red-300/);

  await page.getByRole("button", { name: "Clear finished" }).click();
  await expect(page.getByRole("region", { name: "Uploads" })).toHaveCount(0);
});
