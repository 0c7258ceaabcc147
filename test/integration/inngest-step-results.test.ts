import crypto from "node:crypto";
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportAsset } from "@/inngest/functions/export-asset";
import { processUpload } from "@/inngest/functions/process-upload";
import { findAsset } from "@/lib/db/assets";
import { fixture, putUpload, requestUpload } from "../helpers/api";
import { startExport } from "../helpers/export-api";
import { lastEvent, startInngestDouble, type InngestDouble } from "../helpers/inngest-double";
import { startReceiverDouble, type ReceiverDouble } from "../helpers/receiver-double";
import { startTestApp, type TestApp } from "../helpers/test-app";

/**
 * Inngest hands each call the results of the steps already run, and the function goes on from
 * them. Were a result ever made up (a leaked signing key, a bug), it must not point the task at
 * another user's file: steps return what they computed, and read the asset from the database.
 */
describe("step results that name another user's files", () => {
  let inngestServer: InngestDouble;
  let receiver: ReceiverDouble;
  let t: TestApp;
  let victim: { id: string; userId: string; storageKey: string };
  let attacker: { token: string; userId: string };


  async function uploaded(token: string, file: string) {
    const { url, asset } = await requestUpload(token, file);
    expect((await putUpload(url, fixture(file))).status).toBe(200);
    return { assetId: asset.id, event: lastEvent(inngestServer, "video-assets/upload.queued") };
  }

  beforeAll(async () => {
    inngestServer = await startInngestDouble();
    receiver = await startReceiverDouble();
    t = await startTestApp("pglite", {
      INNGEST_DEV: "1",
      INNGEST_BASE_URL: inngestServer.url,
      EXPORT_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`,
    });
    const owner = await t.createUser();
    const { assetId, event } = await uploaded(owner.token, "h264-aac.mp4");
    expect((await new InngestTestEngine({ function: processUpload, events: [event] }).execute()).error).toBeUndefined();
    const row = await findAsset(t.app.db, assetId);
    victim = { id: assetId, userId: owner.userId, storageKey: row!.storageKey };
    attacker = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([inngestServer.close(), receiver.close()]);
  });

  it("an upload check reads its own file and records its own poster, whatever load-asset and make-poster returned", async () => {
    const { assetId, event } = await uploaded(attacker.token, "h264-video-only.mp4");
    const forged = { id: victim.id, userId: victim.userId, storageKey: victim.storageKey, targetSegmentSecs: null, importing: false };
    const steps = [
      { id: "load-asset", handler: () => forged },
      { id: "make-poster", handler: () => `assets/${victim.id}/poster.jpg` },
    ];
    const { error } = await new InngestTestEngine({ function: processUpload, events: [event], steps }).execute();
    expect(error).toBeUndefined();
    const own = await findAsset(t.app.db, assetId);
    expect(own?.status).toBe("ready");
    expect(own?.sha256).toBe(crypto.createHash("sha256").update(fixture("h264-video-only.mp4")).digest("hex"));
    expect(own?.posterKey ?? null).not.toBe(`assets/${victim.id}/poster.jpg`);
  });

  it("an export sends its own asset's file to its own destination, whatever load-export returned", async () => {
    const { assetId, event } = await uploaded(attacker.token, "h264-video-only.mp4");
    expect((await new InngestTestEngine({ function: processUpload, events: [event] }).execute()).error).toBeUndefined();
    await startExport(attacker.token, assetId, { custom: { url: `${receiver.url}/own` } });
    const forged = {
      assetId: victim.id,
      name: "victim",
      storageKey: victim.storageKey,
      videoSpec: null,
      params: { custom: { url: `${receiver.url}/stolen`, method: "PUT", headers: {} } },
      ipfsShare: 0,
      ipfs: false,
      custom: true,
    };
    const steps = [{ id: "load-export", handler: () => forged }];
    const { error } = await new InngestTestEngine({ function: exportAsset, events: [lastEvent(inngestServer, "video-assets/export.queued")], steps }).execute();
    expect(error).toBeUndefined();
    const received = receiver.received.map((r) => ({ path: r.path, sha256: r.sha256 }));
    expect(received).toEqual([{ path: "/own", sha256: crypto.createHash("sha256").update(fixture("h264-video-only.mp4")).digest("hex") }]);
  });
});
