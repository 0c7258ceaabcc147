import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/dashboard";

test("/docs renders the API reference with every endpoint group, from this server alone", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== origin && !request.url().startsWith("data:")) elsewhere.push(request.url());
  });
  const document = await (await page.request.get("/api/openapi.json")).json();
  const groups: string[] = document.tags.map((tag: { name: string }) => tag.name);
  expect(groups).toEqual(expect.arrayContaining(["Assets", "Uploads", "Tasks", "Webhooks", "API keys", "Playback"]));

  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "Video asset service API", level: 1 })).toBeVisible();
  for (const group of groups) {
    await expect(page.getByRole("link", { name: group, exact: true }), `endpoint group ${group}`).toBeVisible();
  }
  // A group opens on its endpoints.
  await page.getByRole("link", { name: "Tasks", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Tasks", level: 2 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Tasks endpoints" })).toContainText("/api/task/{id}/cancel");
  await expect(page.getByRole("link", { name: /^Cancel a pending, waiting or running task/ })).toBeVisible();
  expect(elsewhere, "no request leaves this server (no CDN, fonts or telemetry)").toEqual([]);
});

test("the dashboard's navigation links to the API reference", async ({ page }) => {
  await signUp(page, uniqueEmail("docs"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API docs", exact: true }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole("heading", { name: "Video asset service API", level: 1 })).toBeVisible();
});
