import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { startExport, uploadAsset } from "./support/assets";
import { doubles, signUp, uniqueEmail } from "./support/dashboard";

/** Issue 26: no axe violation of any impact, minor ones included. */
async function expectNoAxeViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const report = results.violations.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
  expect(report, `axe on ${what} at ${page.viewportSize()?.width} px`).toEqual([]);
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

async function waitForTask(page: Page, taskId: string, phase: string) {
  await expect.poll(async () => (await (await page.request.get(`/api/task/${taskId}`)).json()).status.phase, { timeout: 30_000 }).toBe(phase);
}

test("rename in place: Enter saves for good, Escape cancels, and a refused name is said by the field", async ({ page }) => {
  await signUp(page, uniqueEmail("rename"));
  const asset = await uploadAsset(page, "before.mp4", "h264-aac.mp4");
  await page.goto(`/assets/${asset.id}`);
  const title = page.getByRole("heading", { level: 1 });
  const rename = page.getByRole("button", { name: "Rename “before.mp4”" });
  await expect(rename).toBeEnabled();

  await rename.click();
  const form = page.getByRole("form", { name: "Rename asset" });
  const field = form.getByRole("textbox", { name: "Name" });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue("before.mp4");
  await field.fill("after.mp4");
  await field.press("Enter");
  await expect(title).toHaveText("after.mp4");
  await expect(form).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Rename “after.mp4”" }), "focus comes back to the button").toBeFocused();
  await page.reload();
  await expect(title).toHaveText("after.mp4");
  expect((await (await page.request.get(`/api/asset/${asset.id}`)).json()).name).toBe("after.mp4");

  // Escape leaves the name as it was.
  await page.getByRole("button", { name: /^Rename/ }).click();
  await field.fill("discarded.mp4");
  await field.press("Escape");
  await expect(form).toHaveCount(0);
  await expect(title).toHaveText("after.mp4");
  expect((await (await page.request.get(`/api/asset/${asset.id}`)).json()).name).toBe("after.mp4");

  // The API's refusal, by the field it names; typing again clears it.
  await page.getByRole("button", { name: /^Rename/ }).click();
  await field.fill("   ");
  await field.press("Enter");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription("The name must not be empty.");
  await expect(form.getByRole("alert")).toHaveText("The name must not be empty.");
  await field.fill("again.mp4");
  await expect(field).not.toHaveAttribute("aria-invalid");

  // A failure that is not about the field is said under the form, which stays open.
  await page.route(`**/api/asset/${asset.id}`, (route) =>
    route.request().method() === "PATCH" ? route.fulfill({ status: 503, json: { errors: ["the database is unavailable"] } }) : route.fallback(),
  );
  await field.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: "The name was not changed" })).toContainText("the database is unavailable");
  await expect(field).toHaveValue("again.mp4");
  await expect(title).toHaveText("after.mp4");
});

test("the asset page shows the asset id and permanent MP4, HLS, player and embed URLs; each copy button copies its own, and they play", async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUp(page, uniqueEmail("urls"));
  const asset = await uploadAsset(page, "permanent.mp4", "h264-aac.mp4");
  await page.goto(`/assets/${asset.id}`);
  const origin = new URL(page.url()).origin;
  const details = page.getByRole("region", { name: "Details" });
  await expect(details.getByTestId("asset-id")).toHaveText(asset.id);
  await details.getByRole("button", { name: "Copy asset id" }).click();
  expect(await clipboard(page)).toBe(asset.id);

  const use = page.getByRole("region", { name: "Use this video" });
  const urls = {
    mp4: `${origin}/api/playback/${asset.playbackId}/video.mp4`,
    hls: `${origin}/api/hls/${asset.playbackId}/index.m3u8`,
    player: `${origin}/play/${asset.playbackId}`,
    info: `${origin}/api/playback/${asset.playbackId}`,
  };
  const copies: Array<[string, string]> = [
    ["Copy MP4 URL", urls.mp4],
    ["Copy HLS URL", urls.hls],
    ["Copy player page URL", urls.player],
    ["Copy playback URL", urls.info],
  ];
  for (const [button, url] of copies) {
    await expect(use).toContainText(url);
    await use.getByRole("button", { name: button, exact: true }).click();
    expect(await clipboard(page), button).toBe(url);
  }
  await use.getByRole("button", { name: "Copy embed code" }).click();
  expect(await clipboard(page)).toMatch(new RegExp(`^<div [^>]+><iframe src="${urls.player}" `));
  await expect(use.getByRole("link", { name: /^http.*\/play\// })).toHaveAttribute("href", urls.player);

  // Without the owner's session, as a viewer: the URLs answer and play.
  const viewer = await browser.newContext();
  try {
    const mp4 = await viewer.request.get(urls.mp4);
    expect(mp4.status()).toBe(200);
    expect(mp4.headers()["content-type"]).toBe("video/mp4");
    expect((await mp4.body()).length).toBe(asset.size);
    const playlist = await viewer.request.get(urls.hls);
    expect(playlist.status()).toBe(200);
    expect(await playlist.text()).toMatch(/^#EXTM3U/);
    const variant = (await playlist.text()).split("\n").find((line) => line && !line.startsWith("#"))!;
    expect((await viewer.request.get(new URL(variant, urls.hls).href)).status()).toBe(200);

    const tab = await viewer.newPage();
    await tab.goto(urls.player);
    await expectPlays(tab.locator("main video"));
    // The MP4 alone, in a <video> element of its own.
    await tab.evaluate((src) => document.body.insertAdjacentHTML("beforeend", `<video id="mp4-only" src="${src}" playsinline></video>`), urls.mp4);
    await expectPlays(tab.locator("#mp4-only"));
  } finally {
    await viewer.close();
  }
});

/** HTMLMediaElement.HAVE_METADATA: the source is attached and its duration known. */
const HAVE_METADATA = 1;

async function expectPlays(video: ReturnType<Page["locator"]>) {
  // Until its source is attached (hls.js loads after hydration), attaching it would interrupt play().
  const readyState = () => video.evaluate((element: HTMLVideoElement) => element.readyState);
  await expect.poll(readyState, { timeout: 15_000 }).toBeGreaterThanOrEqual(HAVE_METADATA);
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  const currentTime = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect.poll(currentTime, { timeout: 15_000 }).toBeGreaterThan(0);
}

test("a signed video's URLs say they need a viewer token, and link to how", async ({ page }) => {
  await signUp(page, uniqueEmail("signed-urls"));
  const asset = await uploadAsset(page, "signed.mp4", "h264-aac.mp4");
  await page.goto(`/assets/${asset.id}`);
  const use = page.getByRole("region", { name: "Use this video" });
  await expect(use).toContainText("Anyone who has them can play the video.");
  await page.getByLabel("Playback policy").selectOption("jwt");
  await expect(use).toContainText("each address plays only with a viewer token, added as ?jwt=");
  await expect(use.getByRole("link", { name: "signing keys" })).toHaveAttribute("href", "/signing-keys");
  await expect(use.getByRole("link", { name: "signed playback in the API reference" })).toHaveAttribute("href", "/docs#tag/access-control");
  const origin = new URL(page.url()).origin;
  expect((await fetch(`${origin}/api/playback/${asset.playbackId}/video.mp4`)).status).toBe(401);
});

test("delete says what it removes: the file, playback, tasks, and which exports are unpinned or stay", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail("delete-says"));
  const asset = await uploadAsset(page, "gone.mp4", "h264-aac.mp4");
  const { receiver } = await doubles();
  await waitForTask(page, await startExport(page, asset.id, { ipfs: { unpinOnDelete: true } }), "completed");
  await waitForTask(page, await startExport(page, asset.id, { custom: { url: `${receiver.url}/incoming/kept.mp4` } }), "completed");
  await page.goto(`/assets/${asset.id}`);
  await page.getByRole("button", { name: "Delete asset" }).click();
  const confirmation = page.getByRole("group", { name: "Confirm deletion" });
  await expect(confirmation).toContainText("Delete “gone.mp4” for good? This removes:");
  await expect(confirmation).toContainText(/its file \([\d.]+ KB\) and its poster, from this service/);
  await expect(confirmation).toContainText("the MP4, HLS, player page and embed URLs stop working at once");
  await expect(confirmation).toContainText("its tasks and their history");
  await expect(confirmation).toContainText("The IPFS pins of 1 export made with “Unpin when the asset is deleted” are removed");
  await expect(confirmation).toContainText("What 1 export already sent stays there");
  await expectNoAxeViolations(page, "the asset page's delete confirmation");

  await confirmation.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/assets$/);
  const origin = new URL(page.url()).origin;
  expect((await fetch(`${origin}/api/playback/${asset.playbackId}/video.mp4`)).status).toBe(404);
});

test("bulk export starts one export per selected asset, says how many started or failed, links to the tasks, and cannot be sent twice", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail("bulk-export"));
  const assets = [];
  for (const name of ["one.mp4", "two.mp4", "three.mp4"]) assets.push(await uploadAsset(page, name, "h264-aac.mp4"));
  const left = await uploadAsset(page, "left alone.mp4", "h264-aac.mp4");
  await page.goto("/assets");
  await expect(page.locator("li[data-asset-id]")).toHaveCount(4);
  for (const name of ["one.mp4", "two.mp4", "three.mp4"]) await page.getByLabel(`Select ${name}`).check();
  await page.getByRole("button", { name: "Export selected" }).click();
  const form = page.getByRole("form", { name: "Bulk export", exact: true });
  // The single export form's options, starting on the server's own pinning credentials.
  await expect(form.getByLabel("IPFS (pinning service)")).toBeChecked();
  await expect(form.getByLabel("Server default")).toBeChecked();
  await expect(form.getByLabel("Custom URL")).not.toBeChecked();
  await expect(form).toContainText("One export task for each of the 3 assets selected that are ready");
  await expectNoAxeViolations(page, "the bulk export form");

  // Held until released: the button stays disabled meanwhile, and a second submit sends nothing.
  const posted: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && /\/api\/asset\/[^/]+\/export$/.test(request.url())) posted.push(request.url());
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/asset\/[^/]+\/export$/, async (route) => {
    await released;
    await route.fallback();
  });
  await form.getByRole("button", { name: "Start 3 exports" }).click();
  const starting = form.getByRole("button", { name: "Starting…" });
  await expect(starting).toBeDisabled();
  await form.evaluate((element: HTMLFormElement) => element.requestSubmit());
  release();
  const status = form.getByRole("status");
  await expect(status).toContainText("Started 3 exports.");
  await expect(status.getByRole("link", { name: "Follow them on the Tasks page" })).toHaveAttribute("href", "/tasks?type=export");
  expect(posted).toHaveLength(3);
  for (const asset of assets) {
    const tasks = await (await page.request.get(`/api/task?assetId=${asset.id}&type=export`)).json();
    expect(tasks, `one export of ${asset.id}`).toHaveLength(1);
  }
  expect(await (await page.request.get(`/api/task?assetId=${left.id}&type=export`)).json()).toHaveLength(0);

  // One refused: the others start, and the refused one is named with its reason.
  await page.unroute(/\/api\/asset\/[^/]+\/export$/);
  await page.route(`**/api/asset/${assets[1].id}/export`, (route) =>
    route.fulfill({ status: 409, json: { errors: ["asset is not ready"] } }),
  );
  await form.getByRole("button", { name: "Start 3 exports" }).click();
  await expect(status).toContainText("Started 2 exports; 1 failed.");
  const refusal = form.getByRole("alert");
  await expect(refusal).toContainText("1 export not started");
  await expect(refusal).toContainText("“two.mp4”: Asset is not ready.");

  await page.getByRole("link", { name: "Follow them on the Tasks page" }).click();
  await expect(page).toHaveURL(/\/tasks\?type=export$/);
  await expect(page.locator("tr[data-task-id]")).toHaveCount(5);
});

test("forms are named by what they do", async ({ page }) => {
  // Four axe runs over the asset page, which now holds the clip and tracks cards too.
  test.setTimeout(120_000);
  await signUp(page, uniqueEmail("form-names"));
  const asset = await uploadAsset(page, "named.mp4", "h264-aac.mp4");
  await page.goto("/assets");
  await expect(page.getByRole("form", { name: "Import from URL", exact: true })).toBeVisible();
  await page.getByLabel("Select named.mp4").check();
  await page.getByRole("button", { name: "Export selected" }).click();
  await expect(page.getByRole("form", { name: "Bulk export", exact: true })).toBeVisible();

  await page.goto(`/assets/${asset.id}`);
  await expect(page.getByRole("form", { name: "Export to IPFS or a URL", exact: true })).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, "the asset page");
    await page.getByRole("button", { name: /^Rename/ }).click();
    await expectNoAxeViolations(page, "the asset page while renaming");
    // Its three name fields say whose name each is: the asset's, a clip's, a track's.
    for (const name of ["Name", "Clip name (optional)", "Track name (optional)"]) await expect(page.getByRole("textbox", { name, exact: true })).toHaveCount(1);
    await page.getByRole("textbox", { name: "Name", exact: true }).press("Escape");
  }
});
