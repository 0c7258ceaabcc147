import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Task } from "@/lib/tasks/schemas";
import { fixture, getAsset, putUpload, routes } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { readyAsset } from "../helpers/export-api";
import { startPinningApp, type PinningApp } from "../helpers/pinning-app";
import { cidOf, type PinningDouble } from "../helpers/pinning-double";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

/** DESIGN.md sections 13 and 14: Livepeer Studio's create fields, and `storage.ipfs` on PATCH, exactly as its SDK sends them. */
describe.each(testDatabaseKinds)("Studio's create and update fields on %s", (kind) => {
  let started: PinningApp;
  let pinning: PinningDouble;
  let t: TestApp;
  let token: string;
  const videoCid = cidOf(fixture("h264-aac.mp4"));

  beforeAll(async () => {
    started = await startPinningApp(kind);
    ({ pinning, t, token } = started);
  });
  afterAll(() => started.close());

  const create = (json: unknown) => callRoute(routes.requestUploadRoute.POST, "/api/asset/request-upload", { token, json });
  const patch = (id: string, json: unknown) => callRoute(routes.assetById.PATCH, `/api/asset/${id}`, { method: "PATCH", token, params: { id }, json });
  const exportsOf = async (assetId: string): Promise<Task[]> => {
    await t.app.runner.idle();
    return (await callRoute(routes.taskList.GET, `/api/task?assetId=${assetId}&type=export`, { token })).json();
  };
  const pinnedCid = (task: Task) => (task.output as { export: { ipfs: { videoFileCid: string } } }).export.ipfs.videoFileCid;

  it("accepts every field the SDK's asset.create sends, keeps creatorId, and exports to IPFS once ready", async () => {
    const response = await create({
      name: "From Studio",
      staticMp4: true,
      playbackPolicy: { type: "jwt" },
      creatorId: { type: "unverified", value: "0xabc" },
      storage: { ipfs: { spec: { nftMetadataTemplate: "file", nftMetadata: { description: "minted" } } } },
      targetSegmentSizeSecs: 4,
      profiles: null,
    });
    expect(response.status).toBe(200);
    const { url, asset } = await response.json();
    expect(asset).toMatchObject({ playbackPolicy: { type: "jwt" }, creatorId: { type: "unverified", value: "0xabc" }, source: { type: "directUpload" } });
    expect((await putUpload(url, fixture("h264-aac.mp4"))).status).toBe(200);

    const [exported] = await exportsOf(asset.id);
    expect(exported.status.phase).toBe("completed");
    expect(pinnedCid(exported)).toBe(await videoCid);
    const metadata = pinning.pins.find((pin) => pin.filename === "metadata.json" && pin.bytes.toString().includes("minted"));
    expect(metadata).toBeDefined();
  });

  it("refuses encryption and c2pa by name, a bad profile naming its field, and other unknown fields", async () => {
    for (const [field, value] of [["encryption", { encryptedKey: "k" }], ["c2pa", true]] as const) {
      const refused = await create({ name: "x", [field]: value });
      expect(refused.status).toBe(422);
      expect((await refused.json()).errors.join()).toMatch(new RegExp(`^${field}: is not supported`));
    }
    const badProfile = await create({ name: "x", profiles: [{ bitrate: 1000 }] });
    expect(badProfile.status).toBe(422);
    expect((await badProfile.json()).errors).toEqual([
      "profiles.0.width: must be a number",
      "profiles.0.height: must be a number",
      "profiles.0.bitrate: must be at least 50000 bits/s",
    ]);
    const unknown = await create({ name: "x", colour: "red" });
    expect((await unknown.json()).errors).toEqual(["colour: unknown field"]);
  });

  it("PATCH storage.ipfs, as the SDK sends it, exports a ready asset; false and null leave it alone", async () => {
    const asset = await readyAsset(t, token, "h264-aac.mp4", "Patch me");
    for (const ipfs of [false, null]) {
      expect((await patch(asset.id, { storage: { ipfs } })).status).toBe(200);
    }
    expect(await exportsOf(asset.id)).toEqual([]);

    const patched = await patch(asset.id, { storage: { ipfs: { spec: { nftMetadataTemplate: "player", nftMetadata: {} } } } });
    expect(patched.status).toBe(200);
    const [exported] = await exportsOf(asset.id);
    expect(exported.status.phase).toBe("completed");
    expect(pinnedCid(exported)).toBe(await videoCid);
    expect((await (await getAsset(token, asset.id)).json()).storage.ipfs.cid).toBe(await videoCid);

    expect((await patch(asset.id, { storage: { ipfs: true } })).status).toBe(200);
    expect(await exportsOf(asset.id)).toHaveLength(2);
  });

  it("PATCH storage.ipfs on a waiting asset exports it once its file is ready", async () => {
    const { url, asset } = await (await create({ name: "Later" })).json();
    expect((await patch(asset.id, { storage: { ipfs: true } })).status).toBe(200);
    expect((await putUpload(url, fixture("h264-aac.mp4"))).status).toBe(200);
    const [exported] = await exportsOf(asset.id);
    expect(exported.status.phase).toBe("completed");
  });

  it("refuses a malformed storage.ipfs naming the field", async () => {
    const { asset } = await (await create({ name: "Bad" })).json();
    const refused = await patch(asset.id, { storage: { ipfs: { spec: { nftMetadataTemplate: "poster" } } } });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors.join()).toMatch(/^storage\.ipfs/);
  });
});

describe("storage.ipfs without default pinning credentials", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp("pglite");
    ({ token } = await t.createUser());
  });
  afterAll(() => t.close());

  it("is refused with 422 naming storage.ipfs", async () => {
    const refused = await callRoute(routes.requestUploadRoute.POST, "/api/asset/request-upload", { token, json: { name: "x", storage: { ipfs: true } } });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors[0]).toMatch(/^storage\.ipfs: .*PINATA_JWT/);
  });
});
