import { expect, test } from "@playwright/test";
import { uploadAsset } from "./support/assets";
import { signUp, uniqueEmail } from "./support/dashboard";

test("the export form starts on a choice that works, says errors plainly, and only the current ones", async ({ page }) => {
  await signUp(page, uniqueEmail("export-form"));
  const asset = await uploadAsset(page, "exportable.mp4", "h264-aac.mp4");
  await page.goto(`/assets/${asset.id}`);
  const form = page.getByRole("form", { name: "Export" });
  await expect(form.getByRole("button", { name: "Start export" })).toBeEnabled();

  // The e2e server has PINATA_JWT: IPFS with its credentials works, so the form starts there.
  await expect(form.getByLabel("IPFS (pinning service)")).toBeChecked();
  await expect(form.getByLabel("Server default")).toBeChecked();
  await expect(form.getByLabel("Custom URL")).not.toBeChecked();
  // An unticked destination is its checkbox alone, not an empty box.
  const customSection = form.locator("fieldset", { has: page.getByLabel("Custom URL") }).first();
  expect(await customSection.evaluate((f) => getComputedStyle(f).borderTopWidth)).toBe("0px");

  // The API's field paths become the form's labels, in sentences.
  await form.getByLabel("IPFS (pinning service)").uncheck();
  await form.getByLabel("Custom URL").check();
  await form.getByLabel("URL", { exact: true }).fill("http://10.0.0.1/upload");
  await form.getByRole("button", { name: "Start export" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "The export was not started" });
  await expect(refusal).toContainText(/URL: 10\.0\.0\.1 is a private address/);
  await expect(refusal).not.toContainText("custom.url");

  // Changing the form clears what no longer applies; a new refusal replaces the old one.
  await form.getByLabel("URL", { exact: true }).fill("http://10.0.0.2/upload");
  await expect(refusal).toHaveCount(0);
  await form.getByRole("button", { name: "Start export" }).click();
  await expect(refusal).toContainText("10.0.0.2");
  await expect(refusal).not.toContainText("10.0.0.1");
  await expect(refusal.getByRole("listitem")).toHaveCount(1);
});

test("the export form starts one export however quickly it is submitted twice", async ({ page }) => {
  await signUp(page, uniqueEmail("export-once"));
  const asset = await uploadAsset(page, "once.mp4", "h264-aac.mp4");
  await page.goto(`/assets/${asset.id}`);
  const form = page.getByRole("form", { name: "Export" });
  await expect(form.getByRole("button", { name: "Start export" })).toBeEnabled();
  const posted: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith(`/api/asset/${asset.id}/export`)) posted.push(request.url());
  });

  // Two submits in one go, as a double click or Enter pressed twice can send before the page re-renders.
  await form.evaluate((element: HTMLFormElement) => {
    element.requestSubmit();
    element.requestSubmit();
  });
  await expect(page.getByRole("status").filter({ hasText: "Export started" })).toBeVisible();
  const tasks = await (await page.request.get(`/api/task?assetId=${asset.id}&type=export`)).json();
  expect(tasks).toHaveLength(1);
  expect(posted).toHaveLength(1);
});

for (const width of [1280, 390]) {
  test(`the CID version's choices show whole at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUp(page, uniqueEmail(`cid-select-${width}`));
    const asset = await uploadAsset(page, "cid select.mp4", "h264-aac.mp4");
    await page.goto(`/assets/${asset.id}`);
    const select = page.getByRole("form", { name: "Export" }).getByLabel("CID version");
    await expect(select).toBeVisible();
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      // The widest choice's text, in the select's own font, fits inside it (with room for the arrow).
      const fits = await select.evaluate((element: HTMLSelectElement) => {
        const style = getComputedStyle(element);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = style.font;
        const widest = Math.max(...[...element.options].map((option) => context.measureText(option.text).width));
        const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { widest, room };
      });
      expect(fits.widest, colorScheme).toBeLessThanOrEqual(fits.room);
    }
  });
}
