import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { dropFiles, media, PASSWORD, signUp, uniqueEmail } from "./support/dashboard";

const DASHBOARD_PAGES = ["/", "/overview", "/assets", `/assets/${randomUUID()}`, "/tasks", "/webhooks", `/webhooks/${randomUUID()}`, "/keys", "/account"];

test("signed-out visitors of every dashboard page are sent to sign-in", async ({ page }) => {
  for (const path of DASHBOARD_PAGES) {
    await page.goto(path);
    // The page asked for goes along as callbackUrl, except the home page, where sign-in lands anyway.
    const callback = path === "/" || path === "/overview" ? "" : `\\?callbackUrl=${encodeURIComponent(path)}`;
    await expect(page, `visiting ${path}`).toHaveURL(new RegExp(`/sign-in${callback}$`));
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  }
  // The API answers JSON 401, not a redirect, to a request with neither a key nor a session.
  const response = await page.request.get("/api/asset");
  expect(response.status()).toBe(401);
  expect((await response.json()).errors[0]).toMatch(/sign in/);
});

test("a signed-out visitor following a link to an asset lands on it after signing in", async ({ page, browser }) => {
  const email = uniqueEmail("deep-link");
  await signUp(page, email);
  await dropFiles(page, [{ name: "shared link.mp4", bytes: media("h264-aac.mp4") }]);
  const row = page.locator("li[data-asset-id]", { hasText: "shared link.mp4" });
  await expect(row.locator("[data-status]")).toHaveText("ready");
  const assetPath = `/assets/${await row.getAttribute("data-asset-id")}`;

  const later = await (await browser.newContext()).newPage();
  await later.goto(assetPath);
  await expect(later).toHaveURL(/\/sign-in\?callbackUrl=/);
  await later.getByLabel("Email").fill(email);
  await later.getByLabel("Password").fill(PASSWORD);
  await later.getByRole("button", { name: "Sign in" }).click();
  await expect(later).toHaveURL(new RegExp(`${assetPath}$`));
  await expect(later.getByRole("heading", { name: "shared link.mp4", level: 1 })).toBeVisible();
  await later.context().close();
});

test("one user never sees another's assets; sign-in, sign-out and sign-up errors", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const alice = uniqueEmail("alice");
  await signUp(page, alice);
  await dropFiles(page, [{ name: "alice-private.mp4", bytes: media("h264-aac.mp4") }]);
  const row = page.locator("li[data-asset-id]", { hasText: "alice-private.mp4" });
  await expect(row.locator("[data-status]")).toHaveText("ready");
  const assetId = (await row.getAttribute("data-asset-id"))!;

  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  await signUp(bob, uniqueEmail("bob"));
  await expect(bob.getByText("No assets yet")).toBeVisible();
  await bob.getByLabel("Search by name").fill("alice");
  await expect(bob.getByText("No asset names contain “alice”.")).toBeVisible();
  await bob.goto(`/assets/${assetId}`);
  await expect(bob.getByRole("heading", { name: "Asset not found" })).toBeVisible();
  await bob.goto("/tasks");
  await expect(bob.getByText("No tasks yet.")).toBeVisible();
  // Bob's session cookie reaches the API, which scopes everything to him.
  expect((await bob.request.get(`/api/asset/${assetId}`)).status()).toBe(404);
  expect(await (await bob.request.get(`/api/task?assetId=${assetId}`)).json()).toEqual([]);
  expect(await (await bob.request.get("/api/asset")).json()).toEqual([]);
  // A cookie-authenticated change must come from this site (CSRF).
  const origin = new URL(baseURL!).origin;
  const forged = await bob.request.delete(`/api/asset/${assetId}`, { headers: { Origin: "https://evil.example" } });
  expect(forged.status()).toBe(403);
  expect((await bob.request.delete(`/api/asset/${assetId}`, { headers: { Origin: origin } })).status()).toBe(404);

  // Sign-out ends the session; the dashboard is closed again.
  await bob.getByRole("button", { name: "Sign out" }).click();
  await expect(bob).toHaveURL(/\/sign-in$/);
  await bob.goto("/overview");
  await expect(bob).toHaveURL(/\/sign-in$/);
  expect((await bob.request.get("/api/asset")).status()).toBe(401);

  // Sign-in: a wrong password is refused and the email kept; the right one opens the dashboard.
  await bob.getByLabel("Email").fill(alice);
  await bob.getByLabel("Password").fill("not the password");
  await bob.getByRole("button", { name: "Sign in" }).click();
  await expect(bob.getByRole("alert").filter({ hasText: "Wrong email or password." })).toBeVisible();
  await expect(bob.getByLabel("Email")).toHaveValue(alice);
  await bob.getByLabel("Password").fill(PASSWORD);
  await bob.getByRole("button", { name: "Sign in" }).click();
  await expect(bob).toHaveURL(/\/overview$/);
  await bob.goto("/assets");
  await expect(bob.locator("li[data-asset-id]", { hasText: "alice-private.mp4" })).toBeVisible();
  await bob.getByRole("button", { name: "Sign out" }).click();
  await expect(bob).toHaveURL(/\/sign-in$/);

  // Sign-up: a taken email and a short password are explained.
  await bob.goto("/sign-up");
  await bob.getByLabel("Email").fill(alice.toUpperCase());
  await bob.getByLabel("Password").fill(PASSWORD);
  await bob.getByRole("button", { name: "Create account" }).click();
  await expect(bob.getByRole("alert").filter({ hasText: "An account with this email already exists" })).toBeVisible();
  // The browser's own minlength check is bypassed to reach the server's.
  await bob.locator("form").evaluate((form: HTMLFormElement) => (form.noValidate = true));
  await bob.getByLabel("Email").fill(uniqueEmail("carol"));
  await bob.getByLabel("Password").fill("short");
  await bob.getByRole("button", { name: "Create account" }).click();
  await expect(bob.getByText("Password must be at least 8 characters.")).toBeVisible();
  await bobContext.close();
});
