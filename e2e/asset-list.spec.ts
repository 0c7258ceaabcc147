import { expect, test } from "@playwright/test";
import { uploadAsset } from "./support/assets";
import { signUp, uniqueEmail } from "./support/dashboard";

test("the assets list: poster box, name, status, duration, size, relative time; sortable; stacked on phones", async ({ page }) => {
  await signUp(page, uniqueEmail("list"));
  await uploadAsset(page, "b second.mp4", "h264-aac.mp4");
  await uploadAsset(page, "a first.mp4", "h264-aac.mp4");
  await page.goto("/assets");
  const rows = page.locator("li[data-asset-id]");
  await expect(rows.locator("a")).toHaveText(["a first.mp4", "b second.mp4"]);
  const row = rows.first();
  await expect(row).toContainText("0:02");
  await expect(row).toContainText(/\d+(\.\d)? KB/);
  await expect(row.locator("time")).toHaveText("just now");
  await expect(row.locator("time")).toHaveAttribute("title", /\d/);
  await page.getByRole("button", { name: /^Name/ }).click();
  await expect(rows.locator("a")).toHaveText(["a first.mp4", "b second.mp4"]);
  await page.getByRole("button", { name: /^Name/ }).click();
  await expect(rows.locator("a")).toHaveText(["b second.mp4", "a first.mp4"]);
  await page.getByLabel("Sort").selectOption({ label: "Oldest first" });
  await expect(rows.locator("a")).toHaveText(["b second.mp4", "a first.mp4"]);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const [poster, name] = [await row.locator("[aria-hidden=true], img").first().boundingBox(), await row.getByRole("link").boundingBox()];
  expect(name!.x).toBeGreaterThan(poster!.x);
  const status = await row.locator("[data-status]").boundingBox();
  expect(status!.y, "the status goes under the name").toBeGreaterThan(name!.y);
});
