import { expect, test, type Page } from "@playwright/test";
import { startExport, uploadAsset } from "./support/assets";
import { doubles, signUp, uniqueEmail } from "./support/dashboard";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SCHEMES = ["light", "dark"] as const;
const origin = (page: Page) => ({ Origin: new URL(page.url()).origin });

test("at 1280 px the header is one row in both themes, and the Account page shows the whole email", async ({ page }) => {
  // As long as a real address can be: the header had no room for it, and cut it.
  const email = uniqueEmail("a-rather-long-mailbox-name.for-the-video-team");
  await page.setViewportSize(DESKTOP);
  await signUp(page, email);
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    const rows = await page.locator("header").first().evaluate((header) => {
      const boxes = [...header.querySelectorAll("a, button")].map((element) => element.getBoundingClientRect()).filter((box) => box.width > 0);
      return { lowestTop: Math.max(...boxes.map((box) => box.top)), highestBottom: Math.min(...boxes.map((box) => box.bottom)), count: boxes.length };
    });
    expect(rows.count).toBeGreaterThan(8);
    expect(rows.lowestTop, `${colorScheme}: every link and button of the header shares one row`).toBeLessThan(rows.highestBottom);
  }

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account", exact: true }).click();
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    const shown = page.getByTestId("account-email");
    await expect(shown).toHaveText(email);
    expect(await shown.evaluate((element) => element.scrollWidth <= element.clientWidth + 1 && getComputedStyle(element).textOverflow !== "ellipsis"), `${viewport.width} px: not cut`).toBe(true);
  }
});

test("the overview's status line never starts a line with a separator, at any width of its card", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, uniqueEmail("status-line"));
  await page.goto("/overview");
  const line = page.locator('[data-figure="Assets"] > span').first();
  await expect(line).toContainText("0 ready · 0 processing · 0 waiting · 0 failed");
  const starts = await line.evaluate((element) => {
    const found: string[] = [];
    for (let width = 80; width <= 400; width += 4) {
      element.style.width = `${width}px`;
      const left = element.getBoundingClientRect().left;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (let i = text.indexOf("·"); i >= 0; i = text.indexOf("·", i + 1)) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          if (range.getBoundingClientRect().left - left < 2) found.push(`${width} px`);
        }
      }
    }
    element.style.width = "";
    return found;
  });
  expect(starts, "widths at which a line starts with ·").toEqual([]);
});

test("an export's result breaks its URL where it must, never a word of its sentence", async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, uniqueEmail("export-words"));
  const asset = await uploadAsset(page, "words.mp4", "h264-aac.mp4");
  const { receiver } = await doubles();
  await startExport(page, asset.id, { custom: { url: `${receiver.url}/bucket/a-destination-path-long-enough-to-wrap/words.mp4` } });
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto(`/assets/${asset.id}`);
    const result = page.locator("dd", { hasText: "answered" });
    await expect(result).toContainText(/answered 2\d\d/, { timeout: 30_000 });
    const broken = await result.evaluate((element) => {
      const found: string[] = [];
      const words = ["PUT", "answered"];
      for (let width = 100; width <= 700; width += 3) {
        element.style.width = `${width}px`;
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? "";
          for (const word of words) {
            const at = text.indexOf(word);
            if (at < 0) continue;
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + word.length);
            const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
            if (lines.size > 1) found.push(`"${word}" at ${width} px`);
          }
        }
      }
      element.style.width = "";
      return found;
    });
    expect(broken, `${viewport.width} px`).toEqual([]);
  }
});

test("a webhook's own page edits it, as its row in the list does", async ({ page }) => {
  await signUp(page, uniqueEmail("webhook-edit"));
  const { webhookReceiver } = await doubles();
  const created = await page.request.post("/api/webhook", { headers: origin(page), data: { name: "before", url: `${webhookReceiver.url}/edit` } });
  expect(created.status()).toBe(200);
  const { id } = await created.json();
  await page.goto(`/webhooks/${id}`);
  await page.getByRole("button", { name: "Edit before" }).click();
  const form = page.getByRole("form", { name: "Edit before" });
  await form.getByLabel("Name").fill("after");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { name: "after", level: 1 })).toBeVisible();
  await expect.poll(async () => (await (await page.request.get(`/api/webhook/${id}`)).json()).name).toBe("after");
});

test.describe("/docs", () => {
  test.describe.configure({ timeout: 180_000 });

  test("the authentication box's title bar shows Required and the auth type selector side by side or one under the other, never one over the other", async ({ page }) => {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto("/docs");
      const required = page.getByTestId("auth-indicator").first();
      await expect(required).toBeVisible({ timeout: 30_000 });
      const selector = page.getByRole("button", { name: /Selected Auth Type/ }).first();
      const clipped = await required.evaluate((element) => {
        const own = element.getBoundingClientRect();
        // The nearest ancestor that hides what overflows it.
        let clip = element.parentElement;
        while (clip && getComputedStyle(clip).overflowX === "visible") clip = clip.parentElement;
        const box = clip!.getBoundingClientRect();
        return own.right > box.right + 0.5 || own.left < box.left - 0.5;
      });
      expect(clipped, `${viewport.width} px: "Required" is cut`).toBe(false);
      const a = (await required.boundingBox())!;
      const b = (await selector.boundingBox())!;
      const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap, `${viewport.width} px: the selector covers "Required"`).toBe(false);
    }
  });

  test("in the dark theme the reference's background is the page's navy, not a neutral black", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/docs");
    await expect(page.getByRole("heading", { name: "Video asset service API", level: 1 })).toBeVisible({ timeout: 30_000 });
    const [header, body] = await page.evaluate(() => {
      // Any CSS colour as sRGB bytes, through a canvas.
      const rgb = (color: string) => {
        const context = document.createElement("canvas").getContext("2d")!;
        context.fillStyle = color;
        context.fillRect(0, 0, 1, 1);
        return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      return [rgb(getComputedStyle(document.querySelector("header")!).backgroundColor), rgb(getComputedStyle(document.body).backgroundColor)];
    });
    // Navy: blue well above red. #0f0f0f, Scalar's own, has none.
    for (const [name, [r, , b]] of [["header", header], ["reference", body]] as const) expect(b - r, `${name}: rgb ${name === "header" ? header : body}`).toBeGreaterThan(8);
  });
});
