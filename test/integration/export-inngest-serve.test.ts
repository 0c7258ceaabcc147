import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInngestDouble, type InngestDouble } from "../helpers/inngest-double";
import type { TestApp } from "../helpers/test-app";

/**
 * `/api/inngest` as the Inngest dev server sees it. The SDK reads its mode and server address
 * from the environment when the client module loads, so nothing importing it may load before
 * they are set: the route and the test app (whose runner imports the client) are imported afterwards.
 */
describe("GET and PUT /api/inngest", () => {
  let inngestServer: InngestDouble;
  let route: typeof import("@/app/api/inngest/route");
  let t: TestApp;
  let startTestApp: typeof import("../helpers/test-app").startTestApp;
  const saved = { INNGEST_DEV: process.env.INNGEST_DEV, INNGEST_BASE_URL: process.env.INNGEST_BASE_URL };

  // The handler reads only the Request part of Next's NextRequest.
  const call = (method: "GET" | "PUT") =>
    route[method](new Request("http://service.test/api/inngest", { method }), { params: Promise.resolve({}) });

  beforeAll(async () => {
    inngestServer = await startInngestDouble();
    process.env.INNGEST_DEV = "1";
    process.env.INNGEST_BASE_URL = inngestServer.url;
    route = await import("@/app/api/inngest/route");
    ({ startTestApp } = await import("../helpers/test-app"));
    t = await startTestApp("pglite", { INNGEST_DEV: "1", INNGEST_BASE_URL: inngestServer.url });
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await t.close();
    await inngestServer.close();
  });

  it("GET describes the app and counts its seven functions", async () => {
    const response = await call("GET");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ mode: "dev", function_count: 7 });
  });

  it("PUT syncs the functions, with their event triggers and retries, to the Inngest server", async () => {
    const response = await call("PUT");
    expect(response.status).toBe(200);
    const [registration] = inngestServer.registrations;
    expect(registration).toMatchObject({ appName: "video-asset-service", url: "http://service.test/api/inngest" });
    const functions = Object.fromEntries(registration.functions.map((fn) => [fn.id, fn]));
    expect(Object.keys(functions).sort()).toEqual([
      "video-asset-service-clip-asset",
      "video-asset-service-deliver-webhook",
      "video-asset-service-export-asset",
      "video-asset-service-make-storyboard",
      "video-asset-service-process-upload",
      "video-asset-service-transcode-file",
      "video-asset-service-unpin-asset",
    ]);
    expect(functions["video-asset-service-transcode-file"]).toMatchObject({
      triggers: [{ event: "video-assets/transcode-file.queued" }],
      concurrency: { key: "event.data.taskId", limit: 1 },
    });
    expect(functions["video-asset-service-unpin-asset"]).toMatchObject({ triggers: [{ event: "video-assets/unpin.queued" }] });
    expect(functions["video-asset-service-make-storyboard"]).toMatchObject({ triggers: [{ event: "video-assets/storyboard.queued" }] });
    expect(functions["video-asset-service-clip-asset"]).toMatchObject({
      triggers: [{ event: "video-assets/clip.queued" }],
      concurrency: { key: "event.data.taskId", limit: 1 },
    });
    expect(functions["video-asset-service-export-asset"]).toMatchObject({
      triggers: [{ event: "video-assets/export.queued" }],
      steps: { step: { retries: { attempts: 4 } } },
      // Exports run one at a time per task, and MAX_RUNNING_EXPORTS_PER_USER (default 2) per user.
      concurrency: [
        { key: "event.data.taskId", limit: 1 },
        { key: "event.data.userId", limit: 2 },
      ],
    });
    expect(functions["video-asset-service-deliver-webhook"]).toMatchObject({
      triggers: [{ event: "video-assets/webhook.queued" }],
      // A slow endpoint holds at most WEBHOOK_DELIVERIES_PER_USER (default 4) of its owner's deliveries.
      concurrency: [
        { key: "event.data.taskId", limit: 1 },
        { key: "event.data.userId", limit: 4 },
      ],
    });
    expect(functions["video-asset-service-process-upload"]).toMatchObject({
      triggers: [{ event: "video-assets/upload.queued" }],
      concurrency: { key: "event.data.taskId", limit: 1 },
    });
  });

  it("answers 404 with the error shape when the app runs its tasks inline", async () => {
    const inline = await startTestApp("pglite");
    try {
      for (const method of ["GET", "PUT"] as const) {
        const response = await call(method);
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ errors: ["Inngest is not configured on this server (tasks run inline)"] });
      }
    } finally {
      await inline.close();
    }
  });
});
