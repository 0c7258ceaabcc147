import { expect, test } from "@playwright/test";
import { navLink, PASSWORD, signUp, uniqueEmail } from "./support/dashboard";

const SESSION_COOKIE = "authjs.session-token";

test("a cookie copied before sign-out gets 401 from the API and the sign-in page in the dashboard", async ({ page, browser }) => {
  await signUp(page, uniqueEmail("replay"));
  const copied = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE)!;
  expect(copied).toBeDefined();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  // Someone who copied the cookie replays it in another browser.
  const thief = await browser.newContext();
  await thief.addCookies([copied]);
  const stolen = await thief.newPage();
  expect((await stolen.request.get("/api/asset")).status()).toBe(401);
  const keys = await stolen.request.post("/api/keys", { data: { name: "stolen" }, headers: { Origin: new URL(page.url()).origin } });
  expect(keys.status()).toBe(401);
  await stolen.goto("/assets");
  await expect(stolen).toHaveURL(/\/sign-in\?callbackUrl=%2Fassets$/);
  await thief.close();
});

test("signing out of all sessions ends every browser's session; changing the password too", async ({ page, browser }) => {
  const email = uniqueEmail("everywhere");
  await signUp(page, email);

  // The same account in a second browser.
  const laptop = await browser.newContext();
  const other = await laptop.newPage();
  await other.goto("/sign-in");
  await other.getByLabel("Email").fill(email);
  await other.getByLabel("Password").fill(PASSWORD);
  await other.getByRole("button", { name: "Sign in" }).click();
  await expect(other).toHaveURL(/\/overview$/);

  // A password change ends the other browser's session and keeps this one signed in.
  await navLink(page, "Account").click();
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("New password").fill("a brand new password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password was changed");
  await other.goto("/keys");
  await expect(other).toHaveURL(/\/sign-in\?callbackUrl=%2Fkeys$/);
  expect((await other.request.get("/api/asset")).status()).toBe(401);

  // The other browser signs in again with the new password; then everything is signed out from here.
  await other.getByLabel("Email").fill(email);
  await other.getByLabel("Password").fill("a brand new password");
  await other.getByRole("button", { name: "Sign in" }).click();
  // Back on the page it was sent away from.
  await expect(other).toHaveURL(/\/keys$/);
  await page.getByRole("button", { name: "Sign out of all sessions" }).click();
  await expect(page).toHaveURL(/\/sign-in\?signedOut=everywhere$/);
  await expect(page.getByRole("status")).toHaveText("You were signed out of all sessions.");
  await other.reload();
  await expect(other).toHaveURL(/\/sign-in\?callbackUrl=%2Fkeys$/);
  await laptop.close();
});
