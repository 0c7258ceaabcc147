import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/dashboard";

test("at 390 px the navigation wraps: no sideways scroll, every link visible and in the viewport", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, uniqueEmail("phone"));
  for (const path of ["/assets", "/webhooks", "/keys", "/account"]) {
    await page.goto(path);
    const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
    await expect(links.last()).toHaveText("API docs");
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), `${path} scrolls sideways`).toBeLessThanOrEqual(390);
    for (const link of await links.all()) {
      await expect(link).toBeInViewport({ ratio: 1 });
      const box = (await link.boundingBox())!;
      expect(box.x + box.width, `${await link.textContent()} is cut`).toBeLessThanOrEqual(390);
    }
  }
});
