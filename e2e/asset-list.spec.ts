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

test("the table's headers stand over their columns' cells", async ({ page }) => {
  await signUp(page, uniqueEmail("columns"));
  await uploadAsset(page, "aligned.mp4", "h264-aac.mp4");
  await page.goto("/assets");
  await page.setViewportSize({ width: 1280, height: 800 });
  const row = page.locator("li[data-asset-id]").first();
  const header = (name: string) => page.locator("section[aria-labelledby=assets-heading] .lg\\:grid").getByText(name, { exact: true });
  const columns = [
    { header: page.getByRole("button", { name: /^Name/ }), cell: row.getByRole("link") },
    { header: header("Status"), cell: row.locator("[data-status]") },
    { header: header("Duration"), cell: row.getByText("0:02") },
    { header: page.getByRole("button", { name: /^Size/ }), cell: row.getByText(/KB$/) },
    { header: page.getByRole("button", { name: /^Created/ }), cell: row.locator("time") },
  ];
  for (const { header, cell } of columns) {
    const [above, below] = [(await header.boundingBox())!, (await cell.boundingBox())!];
    const name = await header.textContent();
    expect(above.x, `${name} starts within its column`).toBeLessThan(below.x + below.width);
    expect(above.x + above.width, `${name} ends within its column`).toBeGreaterThan(below.x);
  }
});

test("bulk delete: select all on the page, one confirmation naming the count, failures named", async ({ page }) => {
  await signUp(page, uniqueEmail("bulk"));
  const kept = await uploadAsset(page, "kept.mp4", "h264-aac.mp4");
  for (const name of ["one.mp4", "two.mp4", "three.mp4"]) await uploadAsset(page, name, "h264-aac.mp4");
  await page.goto("/assets");
  const rows = page.locator("li[data-asset-id]");
  await expect(rows).toHaveCount(4);

  await page.getByLabel("Select all on this page").check();
  for (const name of ["kept.mp4", "one.mp4", "two.mp4", "three.mp4"]) await expect(page.getByLabel(`Select ${name}`)).toBeChecked();
  await page.getByLabel("Select kept.mp4").uncheck();
  await expect(page.getByLabel("Select all on this page")).not.toBeChecked();
  await page.getByRole("button", { name: "Delete selected" }).click();
  const confirmation = page.getByRole("group", { name: "Confirm deletion" });
  await expect(confirmation).toContainText("Delete 3 assets and their files for good?");
  await confirmation.getByRole("button", { name: "Keep them" }).click();
  await expect(rows).toHaveCount(4);

  // One delete refused: the others go, and the refused one is named and stays selected.
  const failing = await rows.filter({ hasText: "two.mp4" }).getAttribute("data-asset-id");
  await page.route(/\/api\/asset\/[^/]+$/, (route) =>
    route.request().method() === "DELETE" && route.request().url().endsWith(`/${failing}`)
      ? route.fulfill({ status: 500, json: { errors: ["Storage is unreachable"] } })
      : route.fallback(),
  );
  await page.getByRole("button", { name: "Delete selected" }).click();
  await confirmation.getByRole("button", { name: "Delete 3 assets" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "could not be deleted" });
  await expect(alert).toContainText("1 asset could not be deleted");
  await expect(alert).toContainText("“two.mp4”: Storage is unreachable");
  await expect(rows.locator("a")).toHaveText(["two.mp4", "kept.mp4"]);
  await expect(page.getByLabel("Select two.mp4")).toBeChecked();
  expect((await page.request.get(`/api/asset/${kept.id}`)).status()).toBe(200);

  await page.unroute(/\/api\/asset\/[^/]+$/);
  await page.getByRole("button", { name: "Delete selected" }).click();
  await confirmation.getByRole("button", { name: "Delete 1 asset" }).click();
  await expect(rows.locator("a")).toHaveText(["kept.mp4"]);
});
