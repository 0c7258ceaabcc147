import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { Livepeer } from "livepeer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatedSigningKey } from "@/lib/access-control/schemas";
import { fixture } from "../helpers/api";
import { api, SERVER_TOKEN, startServer, type ServerProcess } from "../helpers/server-process";
import { viewerToken } from "../helpers/signed-playback";

/** Livepeer Studio's own SDK (`livepeer` on npm), unchanged: its access control and signed playback against a running server. */
describe("the livepeer SDK's access control", () => {
  let server: ServerProcess;
  let dataDir: string;
  let sdk: Livepeer;
  /** A viewer's SDK: no API key, so only the viewer token can open a signed video. */
  let viewer: Livepeer;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-sdk-access-"));
    server = await startServer({ DATA_DIR: dataDir });
    sdk = new Livepeer({ apiKey: SERVER_TOKEN, serverURL: `${server.url}/api` });
    viewer = new Livepeer({ serverURL: `${server.url}/api` });
  });
  afterAll(async () => {
    await server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function keyOnServer(id: string) {
    return (await api(server, `/api/access-control/signing-key/${id}`)).json();
  }

  it("creates, lists, reads, updates and deletes a signing key", async () => {
    const created = await sdk.accessControl.create();
    expect(created.statusCode).toBe(200);
    expect(created.signingKey).toEqual({ id: expect.any(String), name: "Signing key", publicKey: expect.any(String), createdAt: expect.any(Number), disabled: false });
    const id = created.signingKey!.id!;
    expect(await keyOnServer(id)).toMatchObject({ id, publicKey: created.signingKey!.publicKey });

    const all = await sdk.accessControl.getAll();
    expect(all.data?.map((key) => key.id)).toContain(id);
    expect((await sdk.accessControl.get(id)).signingKey).toMatchObject({ id, name: "Signing key", disabled: false });

    const renamed = await sdk.accessControl.update({ name: "Renamed by the SDK", disabled: true }, id);
    expect(renamed.statusCode).toBe(204);
    expect(await keyOnServer(id)).toMatchObject({ name: "Renamed by the SDK", disabled: true });
    expect((await sdk.accessControl.get(id)).signingKey).toMatchObject({ name: "Renamed by the SDK", disabled: true });

    const deleted = await sdk.accessControl.delete(id);
    expect(deleted.statusCode).toBe(204);
    await expect(sdk.accessControl.get(id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await api(server, `/api/access-control/signing-key/${id}`)).status).toBe(404);
  });

  it("reads a signed video's playback info with a viewer token, and is refused without one", async () => {
    const upload = await (await api(server, "/api/asset/request-upload", { method: "POST", json: { name: "Signed", playbackPolicy: { type: "jwt" } } })).json();
    expect((await fetch(upload.url, { method: "PUT", body: fixture("h264-aac.mp4") })).status).toBe(200);
    for (let i = 0; (await (await api(server, `/api/asset/${upload.asset.id}`)).json()).status !== "ready"; i++) {
      if (i > 100) throw new Error("the asset did not become ready");
      await delay(100);
    }
    const key: CreatedSigningKey = await (await api(server, "/api/access-control/signing-key", { method: "POST" })).json();
    const playbackId: string = upload.asset.playbackId;

    const signed = await viewer.playback.get(playbackId, { fetchOptions: { headers: { "Livepeer-Jwt": await viewerToken(key, playbackId) } } });
    expect(signed.playbackInfo?.meta.playbackPolicy).toEqual({ type: "jwt" });
    expect(signed.playbackInfo?.meta.source.find((source) => source.hrn === "MP4")).toMatchObject({ hrn: "MP4", type: "html5/video/mp4" });
    await expect(viewer.playback.get(playbackId)).rejects.toMatchObject({ statusCode: 401 });
    // The owner's API key, which the owner's SDK sends, opens it too.
    expect((await sdk.playback.get(playbackId)).playbackInfo?.meta.playbackPolicy).toEqual({ type: "jwt" });
  });
});
