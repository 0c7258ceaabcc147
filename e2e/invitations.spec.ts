import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { startServer, type ServerProcess } from "../test/helpers/server-process";
import { PASSWORD, uniqueEmail } from "./support/dashboard";

/**
 * Issue 35, item 12: with SIGN_UP=invite (the default) a server of its own (the shared e2e server
 * runs SIGN_UP=open so the other specs can sign up): its owner is the INIT_USER account.
 */
const OWNER = "server-test@example.com";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-e2e-invite-"));
let server: ServerProcess;

test.beforeAll(async () => {
  server = await startServer({ DATA_DIR: dataDir, INIT_USER_PASSWORD: PASSWORD, SIGN_UP: "invite" });
});
test.afterAll(async () => server?.kill());

async function expectAccessible(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  expect(results.violations.map((v) => `${v.impact} ${v.id}: ${v.help}`), `axe on ${name}`).toEqual([]);
}

test("the owner makes an invitation link; a new user signs up with it, once; without it sign-up is refused", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.goto(`${server.url}/sign-up`);
  await expect(page.getByTestId("sign-up-mode")).toHaveText(/Sign-up is by invitation/);
  await expect(page.getByRole("button", { name: "Create account" })).toHaveCount(0);
  await expectAccessible(page, "the sign-up page without an invitation");

  await page.goto(`${server.url}/sign-in`);
  await page.getByLabel("Email").fill(OWNER);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto(`${server.url}/account`);
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const linkField = page.getByLabel("Invitation link");
  await expect(linkField).toHaveValue(/\/sign-up\?invitation=[\w-]{43}$/);
  const link = await linkField.inputValue();
  await expectAccessible(page, "the account page with an invitation link");

  // A browser of its own: nobody is signed in there (axe needs a page of a context it can reach).
  const invitedContext = await browser.newContext();
  const invited = await invitedContext.newPage();
  await invited.goto(link);
  await expect(invited.getByTestId("sign-up-mode")).toHaveText(/You were invited/);
  await expectAccessible(invited, "the sign-up page with an invitation");
  await createInvitedAccount(invited, "invited");
  // Only the owner invites.
  await expect(invited.getByRole("button", { name: "Create invitation link" })).toHaveCount(0);
  await invitedContext.close();

  const againContext = await browser.newContext();
  const again = await againContext.newPage();
  await again.goto(link);
  await expect(again.getByTestId("sign-up-mode")).toHaveText(/expired or was already used/);
  await expect(again.getByRole("button", { name: "Create account" })).toHaveCount(0);
  await againContext.close();
});

test("`npm run user:invite` beside the running server prints a link that a new user signs up with", async ({ browser }) => {
  test.setTimeout(120_000);
  // As the owner runs it on the server's machine: the embedded database is the server's, so the server makes the invitation.
  const { stdout, stderr } = await promisify(execFile)("npm", ["run", "--silent", "user:invite"], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", APP_URL: server.url, SIGN_UP: "invite" },
  });
  expect(stderr).toMatch(/Invitation made \(done by the running server\); it makes one account and works until .+\. Link \(shown once\):/);
  const link = stdout.trim();
  expect(link.startsWith(`${server.url}/sign-up?invitation=`), link).toBe(true);
  expect(link).toMatch(/\?invitation=[\w-]{43}$/);

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByTestId("sign-up-mode")).toHaveText(/You were invited/);
  await createInvitedAccount(page, "invited-by-script");
  await context.close();
});

/** On an invitation's sign-up page: makes the account, which lands on the overview signed in as itself. */
async function createInvitedAccount(page: Page, name: string) {
  const email = uniqueEmail(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto(`${server.url}/account`);
  await expect(page.getByTestId("account-email")).toHaveText(email);
}
