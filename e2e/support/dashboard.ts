import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { expect, type Page } from "@playwright/test";
import { E2E_CONTROL_URL } from "../../playwright.config";

export const PASSWORD = "correct horse battery";

export const mediaPath = (name: string) => new URL(`../../test/fixtures/media/${name}`, import.meta.url).pathname;
export const media = (name: string) => fs.readFileSync(mediaPath(name));

export function uniqueEmail(who: string): string {
  return `${who}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Signs up through the form, which lands on the overview as a sign-in does; then opens the assets page. */
export async function signUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto("/assets");
  await expect(page.getByRole("heading", { name: "Assets", level: 1 })).toBeVisible();
}

/** Signs in through the form (from a signed-out page); the dashboard opens on the overview. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
}

/** A link of the dashboard's main navigation. */
export function navLink(page: Page, name: "Overview" | "Assets" | "Tasks" | "Webhooks" | "API keys" | "Signing keys" | "Account") {
  return page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
}

/** Creates a key on the API keys page and returns the token it shows once. */
export async function createApiKey(page: Page, name: string): Promise<string> {
  await navLink(page, "API keys").click();
  const create = page.getByRole("button", { name: "Create key" });
  // Enabled once the page is hydrated: typing earlier could be lost.
  await expect(create).toBeEnabled();
  await page.getByLabel("Name").fill(name);
  await create.click();
  const token = await page.getByLabel("The new API key", { exact: true }).inputValue();
  expect(token).toMatch(/^vas_/);
  return token;
}

/** Drops files on the drop zone the way a browser does: a `drop` event carrying a DataTransfer. */
export async function dropFiles(page: Page, files: Array<{ name: string; bytes: Buffer; type?: string }>): Promise<void> {
  const transfer = await page.evaluateHandle(
    (list) => {
      const data = new DataTransfer();
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        data.items.add(new File([bytes], file.name, { type: file.type }));
      }
      return data;
    },
    files.map((file) => ({ name: file.name, type: file.type ?? "video/mp4", base64: file.bytes.toString("base64") })),
  );
  const zone = page.getByRole("button", { name: "Drop videos here, or click to choose files" });
  await expect(zone, "the drop zone works once the page is hydrated").not.toHaveAttribute("aria-disabled", "true");
  await zone.dispatchEvent("dragenter", { dataTransfer: transfer });
  await zone.dispatchEvent("drop", { dataTransfer: transfer });
}

export interface DoublesState {
  pinning: { url: string; jwt: string; pins: Array<{ cid: string; name: string; auth: string; size: number }> };
  receiver: {
    url: string;
    received: Array<{ method: string; path: string; size: number; sha256: string; complete: boolean; headers: Record<string, string> }>;
  };
  webhookReceiver: { url: string; received: Array<{ path: string; headers: Record<string, string>; body: string }> };
  /** Serves `/videos/imported.mp4?signature=e2e-import-secret`, to import from a URL. */
  source: { url: string };
}

export async function doubles(): Promise<DoublesState> {
  return (await fetch(`${E2E_CONTROL_URL}/doubles`)).json();
}

/** Holds the receiver's answers to `path` after `afterBytes` bytes, until `releaseReceiver(path)`. */
export async function stallReceiver(path: string, afterBytes: number): Promise<void> {
  await fetch(`${E2E_CONTROL_URL}/receiver/stall?${new URLSearchParams({ path, afterBytes: String(afterBytes) })}`, { method: "POST" });
}

/** The receiver answers the next `count` requests to `path` with `status`. */
export async function failReceiver(path: string, count: number, status: number): Promise<void> {
  await fetch(`${E2E_CONTROL_URL}/receiver/fail?${new URLSearchParams({ path, count: String(count), status: String(status) })}`, { method: "POST" });
}

export async function releaseReceiver(path: string): Promise<void> {
  await fetch(`${E2E_CONTROL_URL}/receiver/release?${new URLSearchParams({ path })}`, { method: "POST" });
}

/** The `aria-valuenow` of a progress bar, 0..100. */
export async function progressOf(page: Page, name: string | RegExp): Promise<number> {
  return Number(await page.getByRole("progressbar", { name }).first().getAttribute("aria-valuenow"));
}
