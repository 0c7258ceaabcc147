import { expect, test, type APIResponse, type Page } from "@playwright/test";
import { LARGE_ACCOUNT } from "./support/large-account";

interface Listed {
  id: string;
  name: string;
  status: string;
  size?: number;
}

const PAGE_SIZE = 20;

async function signIn(page: Page) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(LARGE_ACCOUNT.email);
  await page.getByLabel("Password").fill(LARGE_ACCOUNT.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto("/assets");
}

/** Every asset of the account, read through the API newest first: what the dashboard's orders are checked against. */
async function everyAsset(page: Page): Promise<Listed[]> {
  const all: Listed[] = [];
  for (let url: string | undefined = "/api/asset?limit=100"; url; ) {
    const response: APIResponse = await page.request.get(url);
    expect(response.status()).toBe(200);
    all.push(...(await response.json()));
    url = response.headers()["link"]?.match(/<([^>]+)>; rel="next"/)?.[1];
  }
  return all;
}

/** Largest first; an asset with no size yet counts as the smallest; ties by id, as the API documents. */
const largestFirst = (a: Listed, b: Listed) => (b.size ?? -1) - (a.size ?? -1) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

const shownIds = (page: Page) => page.locator("li[data-asset-id]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-asset-id")));

test("5,000 assets: sorted by size across pages, filtered by status, searched inside names, the view kept in the URL", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const all = await everyAsset(page);
  expect(all).toHaveLength(LARGE_ACCOUNT.assets);
  await expect(page.getByTestId("asset-total")).toHaveText("5,000 assets");

  // Largest first, across every asset: page 1 starts with the largest of the 5,000, page 2 goes on from there.
  const bySize = [...all].sort(largestFirst);
  await page.getByLabel("Sort").selectOption({ label: "Largest first" });
  await expect(page).toHaveURL(/\/assets\?sort=size$/);
  await expect.poll(() => shownIds(page)).toEqual(bySize.slice(0, PAGE_SIZE).map((asset) => asset.id));
  await page.getByRole("navigation", { name: "Asset pages" }).getByRole("button", { name: "Next" }).click();
  await expect.poll(() => shownIds(page)).toEqual(bySize.slice(PAGE_SIZE, 2 * PAGE_SIZE).map((asset) => asset.id));

  // Only the failed ones, still largest first, from the first page again.
  await page.getByLabel("Status").selectOption("failed");
  await expect(page).toHaveURL(/\/assets\?sort=size&status=failed$/);
  const failed = bySize.filter((asset) => asset.status === "failed");
  await expect.poll(() => shownIds(page)).toEqual(failed.slice(0, PAGE_SIZE).map((asset) => asset.id));
  await expect(page.getByTestId("asset-total")).toHaveText(`${failed.length} assets match`);
  await expect(page.locator("li[data-asset-id] [data-status]").first()).toHaveText("failed");

  // A word in the middle of the names ("harbour amber take 000123.mp4"), in any case.
  const word = "amber";
  await page.getByLabel("Search by name").fill(word.toUpperCase());
  await expect(page).toHaveURL(/\/assets\?sort=size&status=failed&search=AMBER$/);
  const found = failed.filter((asset) => asset.name.split(" ").slice(1, -1).includes(word));
  expect(found.length).toBeGreaterThan(1);
  const expected = found.slice(0, PAGE_SIZE).map((asset) => asset.id);
  await expect.poll(() => shownIds(page)).toEqual(expected);
  await expect(page.getByTestId("asset-total")).toHaveText(`${found.length} assets match`);

  // A reload (or the link, shared) shows the same view.
  await page.reload();
  await expect(page.getByLabel("Sort")).toHaveValue("size-desc");
  await expect(page.getByLabel("Status")).toHaveValue("failed");
  await expect(page.getByLabel("Search by name")).toHaveValue("AMBER");
  await expect.poll(() => shownIds(page)).toEqual(expected);

  // Back: before the status was chosen (the search refined that step).
  await page.goBack();
  await expect(page).toHaveURL(/\/assets\?sort=size$/);
  await expect(page.getByLabel("Status")).toHaveValue("");
  await expect(page.getByLabel("Search by name")).toHaveValue("");
  await expect.poll(() => shownIds(page)).toEqual(bySize.slice(0, PAGE_SIZE).map((asset) => asset.id));
});
