import { expect, test, type Page } from "@playwright/test";
import { moovInTheMiddle } from "../test/helpers/mp4-layout";
import { uploadAsset } from "./support/assets";
import { dropFiles, media, signUp, uniqueEmail } from "./support/dashboard";

const PCM_MOV_REASON = "unsupported audio codec pcm (sowt); only AAC is accepted";
const HEVC_REASON = "unsupported video codec hevc (hvc1); only H.264 is accepted";
const TEXT = Buffer.from("hello world: these are notes, not a video\n".repeat(20));

const uploadCard = (page: Page, name: string) => page.getByRole("region", { name: "Uploads" }).locator("li", { hasText: name });

/**
 * Every request the page makes from now on that could send a file or make an asset for one: any
 * but a GET, and any to request-upload, the tus endpoint or the storage upload URLs.
 */
function recordUploadRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    const uploadPath = /^\/api\/(asset\/request-upload|asset\/upload\/|storage\/upload\/)/.test(pathname);
    if (request.method() !== "GET" || uploadPath) seen.push(`${request.method()} ${pathname}`);
  });
  return seen;
}

/** The card says why the file was refused, in red, with no transfer to show. */
async function expectRefused(page: Page, name: string, reason: string) {
  const card = uploadCard(page, name);
  await expect(card).toHaveAttribute("data-upload-status", "refused");
  await expect(card).toContainText(`Not uploaded: ${reason}`);
  await expect(card).toHaveClass(/border-red-300/);
  await expect(card.getByRole("progressbar")).toHaveCount(0);
}

async function expectNoAssets(page: Page) {
  expect(await (await page.request.get("/api/asset")).json()).toEqual([]);
}

test("a QuickTime .mov the service refuses and a text file renamed .mp4 are refused in the tray, with nothing sent", async ({ page }) => {
  await signUp(page, uniqueEmail("precheck"));
  const requests = recordUploadRequests(page);
  await page.getByTestId("file-input").setInputFiles([
    { name: "h264-pcm.mov", mimeType: "video/quicktime", buffer: media("h264-pcm.mov") },
    { name: "notes.mp4", mimeType: "video/mp4", buffer: TEXT },
  ]);

  await expectRefused(page, "h264-pcm.mov", PCM_MOV_REASON);
  await expectRefused(page, "notes.mp4", 'not an MP4 file (starts with "hello wo")');
  expect(requests).toEqual([]);
  await expectNoAssets(page);

  // The very reasons the service gives when the same files do reach it.
  expect((await uploadAsset(page, "sent anyway.mov", "h264-pcm.mov", "failed")).errorMessage).toBe(PCM_MOV_REASON);
  const text = await uploadAsset(page, "sent anyway.mp4", TEXT, "failed");
  expect(text.errorMessage).toBe('not an MP4 file (starts with "hello wo")');

  await page.getByRole("button", { name: "Dismiss notes.mp4" }).click();
  await expect(uploadCard(page, "notes.mp4")).toHaveCount(0);
});

test("MP4s with HEVC video or MP3 sound are refused with their precise reasons, with nothing sent", async ({ page }) => {
  await signUp(page, uniqueEmail("precheck-codecs"));
  const requests = recordUploadRequests(page);
  await dropFiles(page, [
    { name: "hevc-aac.mp4", bytes: media("hevc-aac.mp4") },
    { name: "h264-mp3.mp4", bytes: media("h264-mp3.mp4") },
  ]);

  await expectRefused(page, "hevc-aac.mp4", HEVC_REASON);
  await expectRefused(page, "h264-mp3.mp4", "unsupported audio codec mp3 (mp4a.6b); only AAC is accepted");
  expect(requests).toEqual([]);
  await expectNoAssets(page);
});

test("a valid MP4 uploads, and a file the check cannot judge from its ends is left to the service", async ({ page }) => {
  await signUp(page, uniqueEmail("precheck-pass"));
  const requests = recordUploadRequests(page);
  // Its moov lies beyond the first and the last MiB, the only bytes the browser reads.
  await dropFiles(page, [
    { name: "good.mp4", bytes: media("h264-aac.mp4") },
    { name: "phone clip.mp4", bytes: moovInTheMiddle(media("hevc-aac.mp4")) },
  ]);

  await expect(uploadCard(page, "good.mp4")).toHaveAttribute("data-upload-status", "ready", { timeout: 30_000 });
  const judged = uploadCard(page, "phone clip.mp4");
  await expect(judged).toHaveAttribute("data-upload-status", "failed", { timeout: 30_000 });
  await expect(judged).toContainText(`Failed: ${HEVC_REASON}`);
  expect(requests.filter((request) => request === "POST /api/asset/request-upload")).toHaveLength(2);
});
