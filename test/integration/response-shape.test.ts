import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as keyById from "@/app/api/keys/[id]/route";
import { getAsset, requestUpload, routes } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

const SDK_AGENT = "speakeasy-sdk/typescript 3.5.0 2.460.1 1.0.0 livepeer";

/** DESIGN.md section 14: `type` and `source` always, `status` as the key's `responseShape` says. */
describe.each(testDatabaseKinds)("the response shape on %s", (kind) => {
  let t: TestApp;
  let token: string;
  let tokenId: string;
  let assetId: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    ({ token, tokenId } = await t.createUser());
    assetId = (await requestUpload(token)).asset.id;
  });
  afterAll(() => t.close());

  const read = async (headers: Record<string, string> = {}) =>
    (await callRoute(routes.assetById.GET, `/api/asset/${assetId}`, { token, params: { id: assetId }, headers })).json();
  const setShape = (responseShape: string) =>
    callRoute(keyById.PATCH, `/api/keys/${tokenId}`, { method: "PATCH", token, params: { id: tokenId }, json: { responseShape } });

  it("answers the plain shape by default, with type and source", async () => {
    const asset = await (await getAsset(token, assetId)).json();
    expect(asset).toMatchObject({ id: assetId, type: "video", status: "waiting", source: { type: "directUpload" } });
    const list = await (await callRoute(routes.assetList.GET, "/api/asset", { token })).json();
    expect(list[0].status).toBe("waiting");
  });

  it("answers Studio's status object to the Livepeer SDK's User-Agent on an auto key", async () => {
    const asset = await read({ "user-agent": SDK_AGENT });
    expect(asset.status).toEqual({ phase: "waiting", updatedAt: asset.updatedAt });
    expect(asset.source).toEqual({ type: "directUpload" });
    const list = await (await callRoute(routes.assetList.GET, "/api/asset", { token, headers: { "user-agent": SDK_AGENT } })).json();
    expect(list[0].status).toMatchObject({ phase: "waiting" });
    const created = await (
      await callRoute(routes.requestUploadRoute.POST, "/api/asset/request-upload", { token, json: { name: "SDK" }, headers: { "user-agent": SDK_AGENT } })
    ).json();
    expect(created.asset.status).toMatchObject({ phase: "waiting" });
    expect(await read({ "user-agent": "curl/8.5.0" })).toMatchObject({ status: "waiting" });
  });

  it("follows the key's setting: studio for every client, plain even for the SDK, and shows it in the key list", async () => {
    const changed = await setShape("studio");
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ id: tokenId, responseShape: "studio" });
    expect((await read({ "user-agent": "curl/8.5.0" })).status).toMatchObject({ phase: "waiting" });

    await setShape("plain");
    expect((await read({ "user-agent": SDK_AGENT })).status).toBe("waiting");
    const keys = await (await callRoute(routes.keyList.GET, "/api/keys", { token })).json();
    expect(keys.find((key: { id: string }) => key.id === tokenId)).toMatchObject({ responseShape: "plain" });
    await setShape("auto");
  });

  it("refuses an unknown shape naming the field, and a new key takes its shape at creation", async () => {
    const refused = await setShape("round");
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors.join()).toMatch(/responseShape/);
    const created = await callRoute(routes.keyList.POST, "/api/keys", { token, json: { name: "Studio", responseShape: "studio" } });
    expect(created.status).toBe(201);
    const { key, token: studioToken } = await created.json();
    expect(key.responseShape).toBe("studio");
    const asset = await (await getAsset(studioToken, assetId)).json();
    expect(asset.status).toMatchObject({ phase: "waiting" });
  });
});
