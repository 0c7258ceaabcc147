import { expect, test } from "@playwright/test";
import { doubles, signUp, uniqueEmail } from "./support/dashboard";

test("imports a video from a URL in the upload panel, follows it to ready and plays it", async ({ page }) => {
  await signUp(page, uniqueEmail("import"));
  const { source } = await doubles();
  await page.goto("/assets");
  const form = page.getByRole("form", { name: "Import from URL" });
  await form.getByLabel("Video URL").fill(`${source.url}/videos/imported.mp4?signature=e2e-import-secret`);
  await form.getByRole("button", { name: "Import" }).click();
  await form.getByRole("list", { name: "Imports started" }).getByRole("link", { name: "imported.mp4" }).click();

  // The asset's page follows it to ready, then plays it; the URL's signature is never shown.
  const video = page.locator("video");
  await expect(video).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("body")).not.toContainText("e2e-import-secret");
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  const currentTime = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect.poll(currentTime, { timeout: 15_000 }).toBeGreaterThan(0);
});
