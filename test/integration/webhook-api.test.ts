import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as resendRoute from "@/app/api/webhook/[id]/log/[logId]/resend/route";
import * as logById from "@/app/api/webhook/[id]/log/[logId]/route";
import * as testRoute from "@/app/api/webhook/[id]/test/route";
import { findUserWebhook } from "@/lib/db/webhooks";
import { callRoute } from "../helpers/call-route";
import { expectError } from "../helpers/expect-error";
import { startReceiverDouble, type ReceiverDouble } from "../helpers/receiver-double";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";
import { createWebhook, listLogs, verifiedEvent, webhookById, webhookList } from "../helpers/webhooks";

describe.each(testDatabaseKinds)("webhook API on %s", (kind) => {
  let receiver: ReceiverDouble;
  let t: TestApp;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    receiver = await startReceiverDouble();
    t = await startTestApp(kind, { EXPORT_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}` });
    ({ token, userId } = await t.createUser());
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const get = (id: string, as = token) => callRoute(webhookById.GET, `/api/webhook/${id}`, { token: as, params: { id } });

  it("creates a webhook with a whsec_ secret shown once, and never again", async () => {
    const created = await createWebhook(token, { name: "Backend", url: `${receiver.url}/hook`, projectId: "ignored" });
    expect(created).toMatchObject({ name: "Backend", url: `${receiver.url}/hook`, events: [], userId, status: {} });
    expect(created.sharedSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.sharedSecret.slice(6), "base64")).toHaveLength(32);

    const fetched = await (await get(created.id)).json();
    expect(fetched).not.toHaveProperty("sharedSecret");
    const listed = await (await callRoute(webhookList.GET, "/api/webhook", { token })).json();
    expect(JSON.stringify(listed)).not.toContain(created.sharedSecret);
    const row = await findUserWebhook(t.app.db, userId, created.id);
    expect(row?.sealedSecret).not.toContain(created.sharedSecret.slice(6));
  });

  it("keeps a given shared secret and signs with it", async () => {
    const created = await createWebhook(token, { name: "Given", url: `${receiver.url}/given`, sharedSecret: "my-own-secret-0123456789" });
    expect(created.sharedSecret).toBe("my-own-secret-0123456789");
    const sent = await callRoute(testRoute.POST, `/api/webhook/${created.id}/test`, { method: "POST", token, params: { id: created.id } });
    expect(sent.status).toBe(200);
    const received = receiver.received.filter((r) => r.path === "/given");
    expect(verifiedEvent(received[0], "my-own-secret-0123456789")).toMatchObject({ event: "webhook.test", webhookId: created.id });
  });

  it("answers 422 naming the field for bad input, and for destinations the SSRF guard refuses", async () => {
    const post = (json: unknown) => callRoute(webhookList.POST, "/api/webhook", { token, json });
    await expectError(await post({ url: receiver.url }), 422, /name/);
    await expectError(await post({ name: "x", url: "ftp://example.com/" }), 422, /url/);
    await expectError(await post({ name: "x", url: receiver.url, events: ["stream.started"] }), 422, /events/);
    await expectError(await post({ name: "x", url: receiver.url, sharedSecret: "short" }), 422, /sharedSecret/);
    await expectError(await post({ name: "x", url: receiver.url, event: ["asset.ready"] }), 422, /event: unknown field/);
    await expectError(await post({ name: "x", url: "http://169.254.169.254/latest/meta-data" }), 422, /url: .*link-local/);
    await expectError(await post({ name: "x", url: "http://10.0.0.7/hook" }), 422, /url: .*private/);
  });

  it("replaces with PUT, changes with PATCH, disables, and deletes with 200 and the webhook", async () => {
    const created = await createWebhook(token, { name: "Change me", url: receiver.url, events: ["asset.ready"] });
    const put = await callRoute(webhookById.PUT, `/api/webhook/${created.id}`, {
      method: "PUT",
      token,
      params: { id: created.id },
      json: { name: "Replaced", url: `${receiver.url}/replaced` },
    });
    expect(await put.json()).toMatchObject({ name: "Replaced", url: `${receiver.url}/replaced`, events: [] });

    const patch = await callRoute(webhookById.PATCH, `/api/webhook/${created.id}`, {
      method: "PATCH",
      token,
      params: { id: created.id },
      json: { disabled: true, events: ["task.completed"] },
    });
    expect(await patch.json()).toMatchObject({ name: "Replaced", disabled: true, events: ["task.completed"] });
    await expectError(
      await callRoute(testRoute.POST, `/api/webhook/${created.id}/test`, { method: "POST", token, params: { id: created.id } }),
      422,
      /disabled/,
    );

    const deleted = await callRoute(webhookById.DELETE, `/api/webhook/${created.id}`, { method: "DELETE", token, params: { id: created.id } });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toMatchObject({ id: created.id, name: "Replaced" });
    expect((await get(created.id)).status).toBe(404);
  });

  it("hides one user's webhooks and logs from another (404)", async () => {
    const created = await createWebhook(token, { name: "Mine", url: receiver.url });
    const { token: other } = await t.createUser();
    expect((await get(created.id, other)).status).toBe(404);
    const patch = await callRoute(webhookById.PATCH, `/api/webhook/${created.id}`, { method: "PATCH", token: other, params: { id: created.id }, json: { disabled: true } });
    expect(patch.status).toBe(404);
    const logs = await callRoute(webhookById.GET, `/api/webhook/${created.id}/log`, { token: other, params: { id: created.id } });
    expect(logs.status).toBe(404);
    expect(await (await callRoute(webhookList.GET, "/api/webhook", { token: other })).json()).toEqual([]);
  });

  it("logs each attempt with request and response, reads one, and resends it freshly signed with the same webhook-id", async () => {
    const created = await createWebhook(token, { name: "Logged", url: `${receiver.url}/logged` });
    receiver.answer(503, "down for maintenance");
    const first = await (await callRoute(testRoute.POST, `/api/webhook/${created.id}/test`, { method: "POST", token, params: { id: created.id } })).json();
    expect(first).toMatchObject({
      webhookId: created.id,
      event: "webhook.test",
      success: false,
      request: { url: `${receiver.url}/logged`, method: "POST", headers: { "webhook-id": expect.any(String) } },
      response: { status: 503, body: "down for maintenance" },
    });
    expect(first.duration).toBeGreaterThanOrEqual(0);

    const one = await callRoute(logById.GET, `/api/webhook/${created.id}/log/${first.id}`, { token, params: { id: created.id, logId: first.id } });
    expect(await one.json()).toEqual(first);

    receiver.answer(200);
    const resent = await callRoute(resendRoute.POST, `/api/webhook/${created.id}/log/${first.id}/resend`, {
      method: "POST",
      token,
      params: { id: created.id, logId: first.id },
    });
    expect(resent.status).toBe(200);
    const again = await resent.json();
    expect(again).toMatchObject({ success: true, response: { status: 200 } });
    expect(again.id).not.toBe(first.id);
    expect(again.request.headers["webhook-id"]).toBe(first.request.headers["webhook-id"]);

    const logs = await listLogs(token, created.id);
    expect(logs.map((log) => log.id)).toEqual([again.id, first.id]);
    const received = receiver.received.filter((r) => r.path === "/logged").map((r) => verifiedEvent(r, created.sharedSecret));
    expect(received).toHaveLength(2);
  });

  it("pages the list with a Link header", async () => {
    const { token: pager } = await t.createUser();
    for (let i = 0; i < 3; i++) await createWebhook(pager, { name: `hook ${i}`, url: receiver.url });
    const first = await callRoute(webhookList.GET, "/api/webhook?limit=2", { token: pager });
    expect(await first.json()).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get("link") ?? "")?.[1];
    expect(next).toBeDefined();
    const second = await callRoute(webhookList.GET, next!, { token: pager });
    expect(await second.json()).toHaveLength(1);
  });
});
