import { createHmac, randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { doubles, dropFiles, media, navLink, signUp, uniqueEmail, type DoublesState } from "./support/dashboard";

/** The events of an upload; the webhook asks for these only, so `asset.updated` is left out. */
const UPLOAD_EVENTS = ["asset.created", "task.spawned", "task.completed", "asset.ready"];

type ReceivedHook = DoublesState["webhookReceiver"]["received"][number];

/** The event name of a request the receiver got, once both of its signatures check out with `secret`. */
function verifiedEvent(request: ReceivedHook, secret: string): string {
  const { headers, body } = request;
  const standard = new StandardWebhook(secret).verify(body, {
    "webhook-id": headers["webhook-id"],
    "webhook-timestamp": headers["webhook-timestamp"],
    "webhook-signature": headers["webhook-signature"],
  }) as { event: string };
  const livepeer = /^t=\d+,v1=([0-9a-f]{64})$/.exec(headers["livepeer-signature"] ?? "");
  expect(livepeer?.[1], "Livepeer-Signature is the HMAC of the body").toBe(createHmac("sha256", secret).update(body).digest("hex"));
  return standard.event;
}

test("a webhook made in the dashboard: secret shown once, an upload's deliveries, resend, test, disable and delete", async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page, uniqueEmail("hooks"));
  await navLink(page, "Webhooks").click();
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  await expect(page.getByText("No webhooks yet")).toBeVisible();
  const create = page.getByRole("button", { name: "Create webhook" });
  // Enabled once the page is hydrated: typing earlier could be lost.
  await expect(create).toBeEnabled();

  // The API's refusal is shown next to the form: a private address is no place to send events.
  await page.getByLabel("Name", { exact: true }).fill("backend");
  await page.getByLabel("URL", { exact: true }).fill("http://10.0.0.1/");
  await create.click();
  const refusal = page.getByRole("alert").filter({ hasText: "The webhook was not created" });
  await expect(refusal).toContainText("10.0.0.1 is a private address");
  await expect(page.locator("li[data-webhook-id]")).toHaveCount(0);

  // Created on the receiver double: the secret is shown once, then nowhere, not even after a reload.
  const { webhookReceiver } = await doubles();
  const path = `/hooks/${randomUUID()}`;
  await page.getByLabel("URL", { exact: true }).fill(`${webhookReceiver.url}${path}`);
  for (const event of UPLOAD_EVENTS) await page.getByLabel(event, { exact: true }).check();
  await create.click();
  const secretField = page.getByLabel("The new webhook’s signing secret");
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^whsec_/);
  await expect(page.getByText("shown only once")).toBeVisible();
  await expect(refusal).toHaveCount(0);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(secretField).toHaveCount(0);
  const row = page.locator("li[data-webhook-id]", { hasText: "backend" });
  await expect(row).toContainText(`${webhookReceiver.url}${path}`);
  await expect(row).toContainText(UPLOAD_EVENTS.join(", "));
  await expect(row).toContainText("Enabled");
  await expect(row).toContainText("No deliveries yet");
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(secret);

  // A test event is sent at once, and the row shows its result.
  await row.getByRole("button", { name: "Send test event to backend" }).click();
  await expect(row.getByRole("status")).toContainText("Test event: Delivered (HTTP 200)");
  await expect(row).toContainText("Last delivery attempt");
  await expect(row).toContainText("delivered");

  // An upload's events arrive without a reload, newest first, each with its request and answer.
  await navLink(page, "Assets").click();
  await dropFiles(page, [{ name: "hooked.mp4", bytes: media("h264-aac.mp4") }]);
  await expect(page.locator("li[data-asset-id]", { hasText: "hooked.mp4" }).locator("[data-status]")).toHaveText("ready");
  await navLink(page, "Webhooks").click();
  await row.getByRole("link", { name: "Deliveries of backend" }).click();
  await expect(page.getByRole("heading", { name: "backend", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Refresh" }).click();
  const delivery = (event: string) => page.locator(`li[data-delivery-id][data-event="${event}"]`);
  for (const event of UPLOAD_EVENTS) await expect(delivery(event).first()).toContainText("Delivered", { timeout: 30_000 });
  await expect(delivery("webhook.test")).toHaveCount(1);
  await expect(delivery("asset.updated")).toHaveCount(0);
  const order = await page.locator("li[data-delivery-id]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-event")));
  expect(order.indexOf("asset.ready")).toBeLessThan(order.indexOf("asset.created"));

  const ready = delivery("asset.ready");
  await expect(ready).toHaveCount(1);
  await ready.getByRole("button", { name: "Details of the asset.ready delivery" }).click();
  await expect(ready).toContainText(`POST ${webhookReceiver.url}${path}`);
  await expect(ready).toContainText("webhook-signature:");
  await expect(ready).toContainText("Livepeer-Signature:");
  await expect(ready).toContainText('"event": "asset.ready"');
  await expect(ready).toContainText("200 OK");

  await ready.getByRole("button", { name: "Resend asset.ready delivery" }).click();
  await expect(page.getByRole("status").filter({ hasText: "asset.ready sent again: Delivered (HTTP 200)" })).toBeVisible();
  await expect(ready).toHaveCount(2);

  // An attempt made elsewhere shows up without Refresh: the page polls while it is shown.
  const hookPage = page.url();
  const sent = await page.request.post(`/api/webhook/${hookPage.split("/").at(-1)}/test`, { headers: { Origin: new URL(hookPage).origin } });
  expect(sent.status()).toBe(200);
  await expect(delivery("webhook.test")).toHaveCount(2, { timeout: 15_000 });

  // What the receiver got: every request signed both ways with the secret shown at creation.
  const received = (await doubles()).webhookReceiver.received.filter((request) => request.path === path);
  const events = received.map((request) => verifiedEvent(request, secret));
  expect(events).toEqual(expect.arrayContaining([...UPLOAD_EVENTS, "webhook.test"]));
  expect(events.filter((event) => event === "asset.ready")).toHaveLength(2);

  // Disabled, it sends nothing, not even a test; enabled again; then deleted after a confirmation.
  await page.getByRole("link", { name: "← Webhooks" }).click();
  await row.getByRole("button", { name: "Disable backend" }).click();
  await expect(row.getByRole("button", { name: "Enable backend" })).toBeVisible();
  await expect(row).toContainText("Disabled");
  await expect(row.getByRole("button", { name: "Send test event to backend" })).toBeDisabled();
  await row.getByRole("button", { name: "Enable backend" }).click();
  await expect(row.getByRole("button", { name: "Send test event to backend" })).toBeEnabled();
  await expect(row).toContainText("Enabled");
  await row.getByRole("button", { name: "Delete backend" }).click();
  await row.getByRole("group", { name: "Confirm deleting backend" }).getByRole("button", { name: "Delete", exact: true }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText("No webhooks yet")).toBeVisible();
  await page.goto(hookPage);
  await expect(page.getByRole("heading", { name: "Webhook not found" })).toBeVisible();
});

test("editing a webhook's name, URL and events from the list; a refused change is explained and nothing changes", async ({ page }) => {
  await signUp(page, uniqueEmail("edit-hook"));
  const { webhookReceiver } = await doubles();
  const created = await page.request.post("/api/webhook", {
    headers: { Origin: new URL(page.url()).origin },
    data: { name: "backend", url: `${webhookReceiver.url}/before`, events: ["asset.ready"] },
  });
  expect(created.status()).toBe(200);
  const { id } = await created.json();
  await navLink(page, "Webhooks").click();
  const row = page.locator(`li[data-webhook-id="${id}"]`);
  await expect(row).toContainText("asset.ready");

  await row.getByRole("button", { name: "Edit backend" }).click();
  const form = row.getByRole("form", { name: "Edit backend" });
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("backend");
  await expect(form.getByLabel("URL", { exact: true })).toHaveValue(`${webhookReceiver.url}/before`);
  await expect(form.getByLabel("asset.ready", { exact: true })).toBeChecked();
  await form.getByLabel("URL", { exact: true }).fill("http://10.0.0.1/");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByRole("alert")).toContainText("10.0.0.1 is a private address");

  await form.getByLabel("Name", { exact: true }).fill("renamed backend");
  await form.getByLabel("URL", { exact: true }).fill(`${webhookReceiver.url}/after`);
  await form.getByLabel("asset.ready", { exact: true }).uncheck();
  await form.getByLabel("asset.failed", { exact: true }).check();
  await form.getByLabel("task.completed", { exact: true }).check();
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form).toHaveCount(0);
  await expect(row.getByRole("heading", { name: "renamed backend" })).toBeVisible();
  await expect(row).toContainText(`${webhookReceiver.url}/after`);
  await expect(row).toContainText("asset.failed, task.completed");
  const saved = await (await page.request.get(`/api/webhook/${id}`)).json();
  expect(saved).toMatchObject({ name: "renamed backend", url: `${webhookReceiver.url}/after`, events: ["asset.failed", "task.completed"] });

  // Cancel leaves it as it was.
  await row.getByRole("button", { name: "Edit renamed backend" }).click();
  await row.getByLabel("Name", { exact: true }).fill("never saved");
  await row.getByRole("button", { name: "Cancel" }).click();
  await expect(row.getByRole("heading", { name: "renamed backend" })).toBeVisible();
});
