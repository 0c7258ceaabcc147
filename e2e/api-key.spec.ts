import { createHash } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createApiKey, doubles, media, navLink, signUp, uniqueEmail } from "./support/dashboard";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function poll<T>(request: APIRequestContext, url: string, headers: Record<string, string>, done: (body: T) => boolean) {
  let body: T | undefined;
  await expect
    .poll(async () => {
      body = await (await request.get(url, { headers })).json();
      return done(body!);
    }, { timeout: 30_000 })
    .toBe(true);
  return body!;
}

test("only the API key created in the browser drives request-upload, PUT and export", async ({ page, request }) => {
  await signUp(page, uniqueEmail("backend"));
  const token = await createApiKey(page, "backend service");
  const auth = { Authorization: `Bearer ${token}` };

  // Playwright's `request` shares no cookies with the page: without the key it is refused.
  expect((await request.post("/api/asset/request-upload", { data: { name: "no key" } })).status()).toBe(401);

  const created = await request.post("/api/asset/request-upload", { headers: auth, data: { name: "from the backend" } });
  expect(created.status()).toBe(200);
  const { url, asset } = await created.json();
  const bytes = media("h264-aac.mp4");
  expect((await request.put(url, { data: bytes, headers: { "Content-Type": "video/mp4" } })).status()).toBe(200);
  const ready = await poll<{ status: string; hash: Array<{ hash: string }> }>(
    request,
    `/api/asset/${asset.id}`,
    auth,
    (a) => a.status === "ready",
  );
  expect(ready.hash[0].hash).toBe(sha256(bytes));

  const { receiver } = await doubles();
  const exported = await request.post(`/api/asset/${asset.id}/export`, {
    headers: auth,
    data: {
      ipfs: { erc1155Metadata: { description: "exported with an API key" } },
      custom: { url: `${receiver.url}/from-backend.mp4`, headers: { authorization: "Bearer receiver-secret" } },
    },
  });
  expect(exported.status()).toBe(201);
  const { task } = await exported.json();
  expect(task.params.export.custom.headers.authorization).toBe("(redacted)");
  const done = await poll<{ status: { phase: string }; output: { export: { ipfs: { videoFileCid: string; nftMetadataCid: string } } } }>(
    request,
    `/api/task/${task.id}`,
    auth,
    (t) => t.status.phase === "completed" || t.status.phase === "failed",
  );
  expect(done.status.phase).toBe("completed");

  const after = await doubles();
  const delivered = after.receiver.received.find((r) => r.path === "/from-backend.mp4");
  expect(delivered).toMatchObject({ method: "PUT", complete: true, sha256: sha256(bytes) });
  expect(delivered!.headers.authorization).toBe("Bearer receiver-secret");
  const pinned = after.pinning.pins.map((pin) => pin.cid);
  expect(pinned).toContain(done.output.export.ipfs.videoFileCid);
  expect(pinned).toContain(done.output.export.ipfs.nftMetadataCid);

  // The browser sees what the key did; revoking the key there shuts the backend out.
  await page.reload();
  const keyRow = page.locator("li[data-key-id]", { hasText: "backend service" });
  await expect(keyRow).not.toContainText("last used never");
  await navLink(page, "Assets").click();
  await expect(page.locator("li[data-asset-id]", { hasText: "from the backend" }).locator("[data-status]")).toHaveText("ready");

  // Assets made by the backend page and search in the browser like any others.
  for (let i = 1; i <= 21; i++) {
    const name = `batch ${String(i).padStart(2, "0")}`;
    expect((await request.post("/api/asset/request-upload", { headers: auth, data: { name } })).status()).toBe(200);
  }
  // No reload: the list polls, and shows them within its idle interval.
  const rows = page.locator("li[data-asset-id]");
  await expect(rows.first()).toContainText("batch 21", { timeout: 10_000 });
  await expect(rows).toHaveCount(20);
  const pages = page.getByRole("navigation", { name: "Asset pages" });
  await pages.getByRole("button", { name: "Next" }).click();
  await expect(pages).toContainText("Page 2");
  await expect(rows).toHaveCount(2);
  await expect(rows.locator("a")).toHaveText(["batch 01", "from the backend"]);
  await expect(pages.getByRole("button", { name: "Next" })).toBeDisabled();
  await pages.getByRole("button", { name: "Previous" }).click();
  await expect(rows).toHaveCount(20);
  await page.getByLabel("Search by name").fill("BATCH 2");
  await expect(rows.locator("a")).toHaveText(["batch 21", "batch 20"]);
  await expect(pages).toHaveCount(0);
  await navLink(page, "API keys").click();
  await keyRow.getByRole("button", { name: "Revoke backend service" }).click();
  await keyRow.getByRole("button", { name: "Revoke", exact: true }).click();
  await expect(keyRow).toContainText("revoked");
  const refused = await request.get(`/api/asset/${asset.id}`, { headers: auth });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ errors: ["invalid or revoked API token"] });
});
