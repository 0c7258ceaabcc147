import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findTask } from "@/lib/db/tasks";
import { fixture, getAsset } from "../helpers/api";
import { readyAsset, settledTask, startExport } from "../helpers/export-api";
import { cidOf, startPinningDouble, type PinningDouble } from "../helpers/pinning-double";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

const GATEWAY = "https://gateway.example/ipfs";

describe.each(testDatabaseKinds)("IPFS export on %s", (kind) => {
  let pinning: PinningDouble;
  let t: TestApp;
  let token: string;
  let assetId: string;
  const videoCid = cidOf(fixture("h264-aac.mp4"));

  beforeAll(async () => {
    pinning = await startPinningDouble();
    t = await startTestApp(kind, {
      PINNING_API_URL: pinning.url,
      IPFS_GATEWAY_URL: `${GATEWAY}/`,
      PINATA_JWT: pinning.credentials.jwt,
    });
    ({ token } = await t.createUser());
    assetId = (await readyAsset(t, token, "h264-aac.mp4", "Sunset")).id;
  });
  afterAll(async () => {
    await t.close();
    await pinning.close();
  });

  async function exportAndSettle(ipfs: unknown) {
    const created = await startExport(token, assetId, { ipfs });
    expect(created).toMatchObject({ type: "export", inputAssetId: assetId });
    return settledTask(t, token, created.id);
  }

  it.each([
    ["a JWT", () => ({ pinning: { jwt: pinning.credentials.jwt } }), "jwt"],
    ["an API key and secret", () => ({ pinning: { apiKey: pinning.credentials.apiKey, apiSecret: pinning.credentials.apiSecret } }), "keys"],
    ["the server's default PINATA_JWT", () => ({}), "jwt"],
  ] as const)("with %s completes with both CIDs and the four URLs", async (_label, ipfs, auth) => {
    const pinsBefore = pinning.pins.length;
    const task = await exportAndSettle(ipfs());
    expect(task.status).toMatchObject({ phase: "completed", progress: 1, retries: 0 });
    const out = (task.output as { export: { ipfs: Record<string, string> } }).export.ipfs;
    const cid = await videoCid;
    expect(out.videoFileCid).toBe(cid);
    expect(out.videoFileUrl).toBe(`ipfs://${cid}`);
    expect(out.videoFileGatewayUrl).toBe(`${GATEWAY}/${cid}`);
    expect(out.nftMetadataCid).toMatch(/^bafk/);
    expect(out.nftMetadataUrl).toBe(`ipfs://${out.nftMetadataCid}`);
    expect(out.nftMetadataGatewayUrl).toBe(`${GATEWAY}/${out.nftMetadataCid}`);

    const [video, metadata] = pinning.pins.slice(pinsBefore);
    expect(video).toMatchObject({ auth, cid, name: "Sunset", contentType: "video/mp4", options: { cidVersion: 1 } });
    expect(video.bytes.equals(fixture("h264-aac.mp4"))).toBe(true);
    expect(metadata).toMatchObject({ auth, cid: out.nftMetadataCid, filename: "metadata.json", contentType: "application/json" });
  });

  it("pins the default ERC-1155 metadata deep-merged with the request's", async () => {
    const task = await exportAndSettle({
      nftMetadata: {
        description: "My sunset",
        image: "ipfs://bafkreiimage",
        attributes: [{ trait_type: "mood", value: "calm" }],
        properties: { author: "Ada", video: null, tags: ["a", "b"] },
        animation_url: null,
      },
    });
    const out = (task.output as { export: { ipfs: Record<string, string> } }).export.ipfs;
    const pinned = JSON.parse(pinning.pinned(out.nftMetadataCid)!.toString("utf8"));
    expect(pinned).toEqual({
      name: "Sunset",
      description: "My sunset",
      image: "ipfs://bafkreiimage",
      attributes: [{ trait_type: "mood", value: "calm" }],
      properties: { author: "Ada", tags: ["a", "b"] },
    });
    expect(task.params).toMatchObject({ export: { ipfs: { erc1155Metadata: { description: "My sunset" } } } });
  });

  it("records the CIDs on the asset's storage.ipfs", async () => {
    const task = await exportAndSettle({});
    const out = (task.output as { export: { ipfs: Record<string, string> } }).export.ipfs;
    const asset = await (await getAsset(token, assetId)).json();
    expect(asset.storage.ipfs).toEqual({
      cid: out.videoFileCid,
      url: out.videoFileUrl,
      gatewayUrl: out.videoFileGatewayUrl,
      nftMetadata: { cid: out.nftMetadataCid, url: out.nftMetadataUrl, gatewayUrl: out.nftMetadataGatewayUrl },
      verified: true,
      updatedAt: expect.any(Number),
    });
  });

  it("redacts the credentials in params and discards them when the task ends", async () => {
    const { apiKey, apiSecret } = pinning.credentials;
    const created = await startExport(token, assetId, { ipfs: { pinata: { apiKey, apiSecret } } });
    expect(created.params).toEqual({
      export: { ipfs: { cidVersion: 1, unpinOnDelete: false, pinning: { apiKey: "key…(redacted)", apiSecret: "(redacted)" } } },
    });
    const task = await settledTask(t, token, created.id);
    expect(task.status.phase).toBe("completed");
    expect(JSON.stringify(task)).not.toContain(apiSecret);
    expect(JSON.stringify(task)).not.toContain(apiKey);
    expect((await findTask(t.app.db, created.id))?.sealedSecrets).toBeNull();
  });

  it.each([0, 1] as const)("with cidVersion %i, pins and checks that version's CIDs, and says verified", async (cidVersion) => {
    const pinsBefore = pinning.pins.length;
    const task = await exportAndSettle({ cidVersion });
    expect(task.status.phase).toBe("completed");
    expect(task.params).toMatchObject({ export: { ipfs: { cidVersion } } });
    const out = (task.output as { export: { ipfs: Record<string, unknown> } }).export.ipfs;
    const [video, metadata] = pinning.pins.slice(pinsBefore);
    expect(video.options).toEqual({ cidVersion });
    expect(metadata.options).toEqual({ cidVersion });
    expect(out).toMatchObject({
      videoFileCid: await cidOf(fixture("h264-aac.mp4"), cidVersion),
      nftMetadataCid: await cidOf(metadata.bytes, cidVersion),
      verified: true,
    });
    // Both files are one chunk: version 1 is their raw leaf.
    expect(out.videoFileCid).toMatch(cidVersion === 0 ? /^Qm/ : /^bafkrei/);
    expect(out.nftMetadataCid).toMatch(cidVersion === 0 ? /^Qm/ : /^bafkrei/);
    const asset = await (await getAsset(token, assetId)).json();
    expect(asset.storage.ipfs).toMatchObject({ cid: out.videoFileCid, verified: true });
  });

  it.each([
    [0, "video.mp4"],
    [1, "video.mp4"],
    [1, "metadata.json"],
  ] as const)("with cidVersion %i, a wrong CID for %s fails the task, not retried, naming both CIDs, and records nothing", async (cidVersion, filename) => {
    const fresh = await readyAsset(t, token, "h264-aac.mp4", "Lied about");
    const pinsBefore = pinning.pins.length;
    pinning.answerWrongCidNext(1, filename);
    const created = await startExport(token, fresh.id, { ipfs: { cidVersion } });
    const task = await settledTask(t, token, created.id);
    const pinned = pinning.pins.slice(pinsBefore).find((pin) => pin.filename === filename)!;
    const computed = await cidOf(pinned.bytes, cidVersion);
    expect(pinned.cid).not.toBe(computed);
    expect(task.status).toMatchObject({
      phase: "failed",
      retries: 0,
      errorMessage: `the pinning service answered CID ${pinned.cid}, but the file's CID is ${computed}`,
    });
    expect(task.output).toBeUndefined();
    expect((await (await getAsset(token, fresh.id)).json()).storage).toBeUndefined();
  });
});
