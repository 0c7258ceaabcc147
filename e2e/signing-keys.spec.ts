import { signAccessJwt } from "@livepeer/core/crypto";
import { expect, test, type Page } from "@playwright/test";
import { uploadAsset } from "./support/assets";
import { navLink, signUp, uniqueEmail } from "./support/dashboard";

const pem = (base64: string) => Buffer.from(base64, "base64").toString("utf8");

/** The page's session changes things through the API; a change must say where it comes from (CSRF). */
const sameOrigin = (page: Page) => ({ Origin: new URL(page.url()).origin });

test("signing keys: create with the private key shown once, copy both keys, sign a token that plays, disable, delete", async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUp(page, uniqueEmail("signer"));
  const asset = await uploadAsset(page, "signed.mp4", "h264-aac.mp4");
  const patched = await page.request.patch(`/api/asset/${asset.id}`, { headers: sameOrigin(page), data: { playbackPolicy: { type: "jwt" } } });
  expect(patched.status()).toBe(200);

  await navLink(page, "Signing keys").click();
  await expect(page.getByRole("heading", { name: "Signing keys", level: 1 })).toBeVisible();
  await expect(page.getByText("No signing keys yet")).toBeVisible();
  const create = page.getByRole("button", { name: "Create signing key" });
  await expect(create).toBeEnabled();
  await create.click();

  const shown = page.getByRole("status").filter({ hasText: "Signing key “Signing key” created" });
  const privateKey = await shown.getByLabel("The new signing key’s private key", { exact: true }).inputValue();
  const publicKey = await shown.getByLabel(/^Public key/).inputValue();
  expect(pem(privateKey)).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  expect(pem(publicKey)).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  await shown.getByRole("button", { name: "Copy the private key" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(privateKey);
  await shown.getByRole("button", { name: "Copy the public key" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicKey);

  // The keys as copied sign a viewer token that opens the signed video, for a viewer with no session.
  const jwt = await signAccessJwt({ privateKey, publicKey, playbackId: asset.playbackId, issuer: "e2e" });
  const info = `/api/playback/${asset.playbackId}`;
  expect((await request.get(info)).status()).toBe(401);
  expect((await request.get(`${info}?jwt=${jwt}`)).status()).toBe(200);

  const row = page.locator("li[data-signing-key-id]");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("last used");
  await row.getByRole("button", { name: "Copy the public key of Signing key" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicKey);
  const id = await row.getAttribute("data-signing-key-id");

  // Shown once: gone after Done, and after a reload.
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toHaveCount(0);
  await page.reload();
  await expect(row).toHaveCount(1);
  expect(await page.content()).not.toContain(privateKey);
  const listed = await (await page.request.get("/api/access-control/signing-key")).json();
  expect(listed).toEqual([expect.objectContaining({ id, publicKey, disabled: false })]);
  expect(JSON.stringify(listed)).not.toContain(privateKey);

  await row.getByRole("button", { name: "Disable Signing key" }).click();
  await expect(row).toContainText("disabled: its tokens are refused");
  expect((await (await page.request.get(`/api/access-control/signing-key/${id}`)).json()).disabled).toBe(true);
  expect((await request.get(`${info}?jwt=${jwt}`)).status()).toBe(403);
  await row.getByRole("button", { name: "Enable Signing key" }).click();
  await expect(row).not.toContainText("disabled");
  expect((await request.get(`${info}?jwt=${jwt}`)).status()).toBe(200);

  await page.getByLabel(/^Name/).fill("web app");
  await create.click();
  await expect(page.getByRole("status").filter({ hasText: "Signing key “web app” created" })).toBeVisible();
  await expect(row).toHaveCount(2);

  const first = page.locator(`li[data-signing-key-id="${id}"]`);
  await first.getByRole("button", { name: "Delete Signing key" }).click();
  const confirm = first.getByRole("group", { name: "Confirm deleting Signing key" });
  await expect(confirm).toContainText("Tokens signed with it stop working.");
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(first).toHaveCount(0);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("web app");
  expect((await page.request.get(`/api/access-control/signing-key/${id}`)).status()).toBe(404);
  expect((await request.get(`${info}?jwt=${jwt}`)).status()).toBe(403);
});

test("the asset page shows the playback policy and changes it", async ({ page, request }) => {
  await signUp(page, uniqueEmail("policy"));
  const asset = await uploadAsset(page, "policy.mp4", "h264-aac.mp4");
  await page.goto(`/assets/${asset.id}`);
  const details = page.getByRole("region", { name: "Details" });
  const policy = details.getByLabel("Playback policy");
  await expect(policy).toBeEnabled();
  await expect(policy.locator("option:checked")).toHaveText("Public");
  const info = `/api/playback/${asset.playbackId}`;
  expect((await request.get(info)).status()).toBe(200);

  await policy.selectOption({ label: "Signed (JWT)" });
  await expect(details.locator("[data-playback-policy]")).toHaveAttribute("data-playback-policy", "jwt");
  await expect(details.getByRole("link", { name: "signing keys" })).toHaveAttribute("href", "/signing-keys");
  expect((await (await page.request.get(`/api/asset/${asset.id}`)).json()).playbackPolicy).toEqual({ type: "jwt" });
  expect((await request.get(info)).status()).toBe(401);

  await page.reload();
  await expect(policy.locator("option:checked")).toHaveText("Signed (JWT)");
  await expect(policy).toBeEnabled();
  await policy.selectOption({ label: "Public" });
  await expect(details.locator("[data-playback-policy]")).toHaveAttribute("data-playback-policy", "public");
  expect((await (await page.request.get(`/api/asset/${asset.id}`)).json()).playbackPolicy).toEqual({ type: "public" });
  expect((await request.get(info)).status()).toBe(200);
});
