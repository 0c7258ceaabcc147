import { expect, test } from "@playwright/test";
import { uploadAsset } from "./support/assets";
import { doubles, signUp, uniqueEmail } from "./support/dashboard";

test("a fresh asset's page shows its CID with a copy button and a CAR link, and the export form's IPFS choices reach the task", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUp(page, uniqueEmail("cid"));
  const asset = await uploadAsset(page, "cid clip.mp4", "h264-aac.mp4");
  const { hash } = (await (await page.request.get(`/api/asset/${asset.id}`)).json()) as { hash: Array<{ algorithm: string; hash: string }> };
  const cid = hash.find((h) => h.algorithm === "cidv1")!.hash;
  expect(cid).toMatch(/^bafkrei[a-z2-7]+$/);
  await page.goto(`/assets/${asset.id}`);

  // Before any export: the CID, copied as shown, and the CAR to pin anywhere.
  const details = page.getByRole("region", { name: "Details" });
  await expect(details.getByTestId("asset-cid")).toHaveText(cid);
  await details.getByRole("button", { name: "Copy CID" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(cid);
  const carUrl = await details.getByRole("link", { name: "Download CAR" }).getAttribute("href");
  expect(carUrl).toMatch(new RegExp(`/api/asset/${asset.id}/car\\?`));
  const car = await page.request.get(carUrl!);
  expect(car.status()).toBe(200);
  expect(car.headers()["content-type"]).toBe("application/vnd.ipld.car");

  // CID version 0 and unpin on delete, with the server's credentials.
  await page.getByLabel("CID version").selectOption("0");
  await page.getByLabel("Unpin when the asset is deleted").check();
  await page.getByRole("button", { name: "Start export" }).click();
  const exportTask = page.locator("li[data-task-id]", { hasText: /^Export/ }).first();
  await expect(exportTask).toHaveAttribute("data-phase", "completed", { timeout: 30_000 });
  await expect(exportTask).toContainText("IPFS (CID v0, unpinned on delete)");
  await expect(exportTask).toContainText("Verified: the pinned CIDs match the file");
  const videoUrl = (await exportTask.locator("dd", { hasText: "ipfs://" }).first().locator("code").textContent())!;
  expect(videoUrl).toMatch(/^ipfs:\/\/Qm[1-9A-HJ-NP-Za-km-z]+$/);
  await expect(details).toContainText("IPFS (verified)");
  const pinned = (await doubles()).pinning.pins.find((pin) => `ipfs://${pin.cid}` === videoUrl);
  expect(pinned).toMatchObject({ name: "cid clip.mp4" });

  const task = await (await page.request.get(`/api/task?assetId=${asset.id}&type=export`)).json();
  expect(task[0].params.export.ipfs).toMatchObject({ cidVersion: 0, unpinOnDelete: true });
});
