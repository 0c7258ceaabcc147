import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { moovInTheMiddle } from "../test/helpers/mp4-layout";
import {
  createApiKey,
  doubles,
  dropFiles,
  failReceiver,
  media,
  navLink,
  progressOf,
  releaseReceiver,
  signUp,
  stallReceiver,
  uniqueEmail,
} from "./support/dashboard";
import { paddedMp4 } from "./support/padded-mp4";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** The receiver's paths this spec holds and refuses: other specs, in parallel, export to others. */
const HELD = "/incoming/holiday.mp4";
const REFUSED = "/incoming/second.mp4";

test.afterEach(() => releaseReceiver(HELD));

test("sign up, create a key, upload, play, export to a custom URL and IPFS, and see a rejected upload's reason", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUp(page, uniqueEmail("alice"));

  // An API key: shown once with a copy button, then listed by name and prefix.
  const token = await createApiKey(page, "browser key");
  await page.getByRole("button", { name: "Copy the new API key" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByLabel("The new API key", { exact: true })).toHaveCount(0);
  const keyRow = page.locator("li[data-key-id]", { hasText: "browser key" });
  await expect(keyRow).toContainText(`${token.slice(0, 12)}…`);
  await expect(keyRow).toContainText("last used never");
  await expect(page.getByText(token)).toHaveCount(0);

  // Drop an MP4: its progress bar reaches 100% and the asset becomes ready without a reload.
  await navLink(page, "Assets").click();
  const bytes = media("h264-aac.mp4");
  await dropFiles(page, [{ name: "holiday.mp4", bytes }]);
  await expect(page.getByRole("progressbar", { name: "Upload of holiday.mp4" })).toHaveAttribute("aria-valuenow", "100");
  await expect(page.locator("[data-upload-status=ready]")).toContainText("Ready");
  const assetRow = page.locator("li[data-asset-id]", { hasText: "holiday.mp4" });
  await expect(assetRow.locator("[data-status]")).toHaveText("ready");

  // The asset page: facts, and a player that plays and seeks over HLS segments packaged from the MP4.
  const segments: number[] = [];
  page.on("response", (response) => {
    if (/\/api\/hls\/[^/]+\/v\d+\/\d+\.m4s/.test(response.url())) segments.push(response.status());
  });
  await assetRow.getByRole("link", { name: "holiday.mp4" }).click();
  await expect(page.getByRole("heading", { name: "holiday.mp4", level: 1 })).toBeVisible();
  const facts = page.getByRole("region", { name: "Details" });
  await expect(facts).toContainText("H264, 320×240, 25 fps");
  await expect(facts).toContainText("AAC, 44.1 kHz, mono");
  await expect(facts).toContainText("0:02");
  await expect(facts).toContainText(sha256(bytes));

  const video = page.getByLabel("Player: holiday.mp4");
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.2);
  await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<void>((resolve) => {
        v.pause();
        v.addEventListener("seeked", () => resolve(), { once: true });
        v.currentTime = 1.5;
      }),
  );
  expect(await video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(1.5, 1);
  expect(segments).toContain(200);

  // Export to IPFS (JWT typed in the form, metadata checked as it is typed) and to a custom URL.
  const { pinning, receiver } = await doubles();
  await page.getByLabel("JWT", { exact: true }).check();
  await page.getByLabel("Pinning JWT").fill(pinning.jwt);
  const metadata = page.getByLabel("NFT metadata (ERC-1155 JSON, optional)");
  await metadata.fill('{"description": ');
  await expect(metadata).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/Metadata is not valid JSON/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Start export" })).toBeDisabled();
  await metadata.fill('["not", "an object"]');
  await expect(page.getByText("Metadata must be a JSON object", { exact: false })).toBeVisible();
  await metadata.fill('{"description": "From the dashboard", "properties": {"author": "e2e"}}');
  await expect(metadata).not.toHaveAttribute("aria-invalid", "true");

  // The API's refusal is shown as it is: a private address is not a place to export to.
  await page.getByLabel("Custom URL").check();
  await page.getByLabel("URL", { exact: true }).fill("http://10.0.0.1/upload");
  await page.getByRole("button", { name: "Start export" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "The export was not started" });
  await expect(refusal).toContainText("10.0.0.1 is a private address");
  await expect(page.locator("li[data-task-id]", { hasText: /^Export/ })).toHaveCount(0);

  await page.getByLabel("URL", { exact: true }).fill(`${receiver.url}${HELD}`);
  await page.getByLabel("Method").selectOption("POST");
  await page.getByRole("button", { name: "Add header" }).click();
  await page.getByLabel("Header 1 name").fill("x-e2e");
  await page.getByLabel("Header 1 value").fill("from the dashboard");

  // The receiver holds its answer, so the task is seen running part-way before it completes.
  await stallReceiver(HELD, 1);
  await page.getByRole("button", { name: "Start export" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Export started" })).toBeVisible();
  await expect(refusal).toHaveCount(0);
  await expect(page.getByLabel("Pinning JWT")).toHaveValue("");
  const exportTask = page.locator("li[data-task-id]", { hasText: /^Export/ }).first();
  await expect(exportTask).toHaveAttribute("data-phase", "running");
  await expect.poll(() => progressOf(page, /^Export .* progress$/)).toBeGreaterThan(0);
  const midway = await progressOf(page, /^Export .* progress$/);
  expect(midway).toBeLessThan(100);
  await expect(exportTask.locator("[data-status]")).toHaveText("running");
  await releaseReceiver(HELD);

  await expect(exportTask).toHaveAttribute("data-phase", "completed", { timeout: 30_000 });
  await expect(exportTask.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  const videoUrl = (await exportTask.locator("dd", { hasText: "ipfs://" }).first().locator("code").textContent())!;
  expect(videoUrl).toMatch(/^ipfs:\/\/b[a-z2-7]+$/);
  await exportTask.getByRole("button", { name: "Copy Video on IPFS address" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(videoUrl);
  const gateway = await exportTask.getByRole("link", { name: "Open in gateway (Video on IPFS)" }).getAttribute("href");
  expect(sha256(Buffer.from(await (await fetch(gateway!)).arrayBuffer()))).toBe(sha256(bytes));
  await expect(exportTask).toContainText(`POST ${receiver.url}${HELD} answered 200`);
  await expect(facts).toContainText(videoUrl);

  const after = await doubles();
  const delivered = after.receiver.received.find((r) => r.path === HELD);
  expect(delivered).toMatchObject({ method: "POST", complete: true, sha256: sha256(bytes), size: bytes.length });
  expect(delivered!.headers["x-e2e"]).toBe("from the dashboard");
  expect(after.pinning.pins.find((pin) => `ipfs://${pin.cid}` === videoUrl)).toMatchObject({ auth: "jwt", size: bytes.length });

  // A failed export shows the destination's answer; Retry asks for the header value again (it
  // was discarded when the task failed) and then completes.
  await page.getByLabel("IPFS (pinning service)").uncheck();
  await page.getByLabel("URL", { exact: true }).fill(`${receiver.url}${REFUSED}`);
  await failReceiver(REFUSED, 1, 404);
  await page.getByRole("button", { name: "Start export" }).click();
  const failedTask = page.locator("li[data-task-id][data-phase=failed]");
  await expect(failedTask).toContainText("404");
  await failedTask.getByRole("button", { name: "Retry" }).click();
  await failedTask.getByLabel("Header x-e2e").fill("from the dashboard");
  await failedTask.getByRole("button", { name: "Retry export" }).click();
  const retried = page.locator("li[data-task-id]", { hasText: `POST ${receiver.url}${REFUSED}` });
  await expect(retried).toHaveAttribute("data-phase", "completed", { timeout: 30_000 });
  const second = (await doubles()).receiver.received.filter((r) => r.path === REFUSED);
  expect(second.map((r) => r.complete)).toEqual([true, true]);
  expect(second[1]).toMatchObject({ sha256: sha256(bytes), headers: { "x-e2e": "from the dashboard" } });

  // A file the service rejects, chosen with the keyboard through the file picker: the reason is shown. Its
  // moov lies beyond the first and last MiB, which is all the browser's own check reads, so the service judges it.
  await navLink(page, "Assets").click();
  await page.getByRole("button", { name: "Drop videos here, or click to choose files" }).focus();
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Enter");
  await (await chooser).setFiles({ name: "sound only.mp4", mimeType: "video/mp4", buffer: moovInTheMiddle(media("aac-only.mp4")) });
  const rejected = page.locator("li[data-asset-id]", { hasText: "sound only.mp4" });
  await expect(rejected.locator("[data-status]")).toHaveText("failed");
  await expect(rejected).toContainText("the file has no video track");
  await rejected.getByRole("link", { name: "sound only.mp4" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "the file has no video track" })).toBeVisible();
  const rejectedPage = page.url();

  // The tasks page is a table of every task, naming its asset and kind, filtered by kind and phase.
  await navLink(page, "Tasks").click();
  const tasks = page.locator("tr[data-task-id]");
  await expect(tasks).toHaveCount(4);
  await expect(tasks.filter({ hasText: "holiday.mp4" })).toHaveCount(3);
  await expect(page.getByRole("rowheader").getByRole("link", { name: "sound only.mp4" })).toBeVisible();
  await page.getByLabel("Kind").selectOption("export");
  await expect(tasks).toHaveCount(2);
  await expect(tasks.locator("[data-status]")).toHaveText(["completed", "completed"]);
  await expect(tasks.first()).toContainText("holiday.mp4");
  await expect(tasks.first()).toContainText("Export");
  await page.getByLabel("Kind").selectOption("upload");
  await page.getByLabel("Phase").selectOption("failed");
  await expect(tasks).toHaveCount(1);
  await expect(tasks).toContainText("File check");
  // A file check that failed on the file's content shows why, without a bar or a Retry that could not help.
  await expect(tasks).toContainText("the file has no video track");
  await expect(tasks.getByRole("progressbar")).toHaveCount(0);
  await expect(tasks.getByRole("button", { name: "Retry" })).toHaveCount(0);
  await page.getByLabel("Phase").selectOption("running");
  await expect(page.getByText("No tasks match these filters.")).toBeVisible();

  // Deleting an asset asks first, then takes it out of the list.
  await page.goto(rejectedPage);
  await page.getByRole("button", { name: "Delete asset" }).click();
  await page.getByRole("group", { name: "Confirm deletion" }).getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/assets$/);
  await expect(rejected).toHaveCount(0);
  await expect(assetRow).toHaveCount(1);
});

test("uploads show speed, warn before leaving, can be cancelled and retried", async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail("slow"));
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const throttle = (uploadThroughput: number) =>
    cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput });
  await throttle(200 * 1024);
  // Chromium only asks before unloading a page the user has interacted with.
  await page.getByRole("heading", { name: "Assets", level: 1 }).click();

  await dropFiles(page, [{ name: "slow.mp4", bytes: paddedMp4(4 * 1024 * 1024) }]);
  const bar = page.getByRole("progressbar", { name: "Upload of slow.mp4" });
  await expect(page.getByTestId("upload-speed")).toHaveText(/\d.* (KB|MB)\/s$/);
  expect(Number(await bar.getAttribute("aria-valuenow"))).toBeLessThan(100);
  const assetRow = page.locator("li[data-asset-id]", { hasText: "slow.mp4" });
  await expect(assetRow.locator("[data-status]")).toHaveText("waiting");

  // Leaving the page during an upload asks first; staying keeps it running.
  const dialog = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const asked = await dialog;
  expect(asked.type()).toBe("beforeunload");
  await asked.dismiss();
  expect(page.isClosed()).toBe(false);

  // Cancel aborts the PUT and removes the half-made asset; Retry starts over and finishes.
  await page.getByRole("button", { name: "Cancel upload of slow.mp4" }).click();
  await expect(page.locator("[data-upload-status=cancelled]")).toContainText("Cancelled");
  await expect(assetRow).toHaveCount(0);
  await throttle(-1);
  await page.getByRole("button", { name: "Retry upload of slow.mp4" }).click();
  await expect(bar).toHaveAttribute("aria-valuenow", "100");
  await expect(assetRow.locator("[data-status]")).toHaveText("ready");
  await expect(assetRow).toHaveCount(1);
});
