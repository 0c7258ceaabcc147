import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { moovInTheMiddle } from "../test/helpers/mp4-layout";
import { dropFiles, media, signUp, uniqueEmail } from "./support/dashboard";

const TEXT = Buffer.from("hello world: these are notes, not a video\n".repeat(20));

/**
 * A second of sound in an MP4 made by ffmpeg, with no video track (ffmpeg is the e2e server's too:
 * these specs run against a server that transcodes, which takes any video, DESIGN.md section 18).
 */
function soundOnlyMp4(): Buffer {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vas-e2e-sound-")), "sound.mp4");
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "sine=duration=1", "-c:a", "aac", "-y", file]);
  return fs.readFileSync(file);
}

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

const hexStart = (bytes: Buffer) => [...bytes.subarray(0, 8)].map((byte) => byte.toString(16).padStart(2, "0")).join(" ");

async function expectNoAssets(page: Page) {
  expect(await (await page.request.get("/api/asset")).json()).toEqual([]);
}

test("a text file, random bytes and an MP4 with no video track are refused in the tray, with nothing sent", async ({ page }) => {
  await signUp(page, uniqueEmail("precheck"));
  const requests = recordUploadRequests(page);
  await page.getByTestId("file-input").setInputFiles([
    { name: "notes.mp4", mimeType: "video/mp4", buffer: TEXT },
    { name: "noise.mkv", mimeType: "video/x-matroska", buffer: media("random.bin") },
    { name: "sound.mp4", mimeType: "video/mp4", buffer: soundOnlyMp4() },
  ]);

  await expectRefused(page, "notes.mp4", 'not a video file (starts with "hello wo")');
  await expectRefused(page, "noise.mkv", `not a video file (starts with bytes ${hexStart(media("random.bin"))})`);
  await expectRefused(page, "sound.mp4", "the file has no video track");
  expect(requests).toEqual([]);
  await expectNoAssets(page);

  await page.getByRole("button", { name: "Dismiss notes.mp4" }).click();
  await expect(uploadCard(page, "notes.mp4")).toHaveCount(0);
});

test("the drop zone takes any video the server transcodes: HEVC, PCM sound, VP9 in WebM, MP3 sound are all sent", async ({ page }) => {
  await signUp(page, uniqueEmail("precheck-any"));
  await expect(page.getByText("Any video: MP4, MOV, MKV, WebM, AVI and more.")).toBeVisible();
  await expect(page.getByTestId("file-input")).toHaveAttribute("accept", /^video\/\*,/);
  const requests = recordUploadRequests(page);
  const files = ["hevc-aac.mp4", "h264-pcm.mov", "vp9-opus.webm", "h264-mp3.mp4"];
  await dropFiles(page, files.map((name) => ({ name, bytes: media(name) })));

  await expect.poll(() => requests.filter((request) => request === "POST /api/asset/request-upload").length).toBe(files.length);
  for (const name of files) {
    await expect(uploadCard(page, name)).not.toHaveAttribute("data-upload-status", /^(preparing|refused)$/);
  }
});

test("a valid MP4 uploads, and a file the check cannot judge from its ends is left to the service", async ({ page }) => {
  await signUp(page, uniqueEmail("precheck-pass"));
  const requests = recordUploadRequests(page);
  // Its moov lies beyond the first and the last MiB, the only bytes the browser reads.
  await dropFiles(page, [
    { name: "good.mp4", bytes: media("h264-aac.mp4") },
    { name: "sound in the middle.mp4", bytes: moovInTheMiddle(soundOnlyMp4()) },
  ]);

  await expect(uploadCard(page, "good.mp4")).toHaveAttribute("data-upload-status", "ready", { timeout: 30_000 });
  const judged = uploadCard(page, "sound in the middle.mp4");
  await expect(judged).toHaveAttribute("data-upload-status", "failed", { timeout: 30_000 });
  await expect(judged).toContainText(/Failed: .*no video track/);
  expect(requests.filter((request) => request === "POST /api/asset/request-upload")).toHaveLength(2);
});
