import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as assetById from "@/app/api/asset/[id]/route";
import { registerApiToken } from "@/lib/auth/api-tokens";
import { signUpWithPassword } from "@/lib/auth/credentials";
import type { CreatedSigningKey, SigningKey } from "@/lib/access-control/schemas";
import type { Asset } from "@/lib/assets/schemas";
import { findAsset } from "@/lib/db/assets";
import { signingKeys, webhookEvents } from "@/lib/db/schema";
import { callRoute } from "../helpers/call-route";
import { requestUpload, routes } from "../helpers/api";
import { sessionCookieOf, signInByHttp } from "../helpers/auth-http";
import { expectError } from "../helpers/expect-error";
import { readyAsset } from "../helpers/export-api";
import { startReceiverDouble, type ReceiverDouble } from "../helpers/receiver-double";
import {
  claims,
  createSigningKey,
  es256,
  handMadeJwt,
  hs256,
  newSigningKey,
  playbackInfo,
  signingKeyCall,
  signingKeyList,
  strangerKeyPair,
  viewerToken,
} from "../helpers/signed-playback";
import { ORIGIN, startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";
import { createWebhook } from "../helpers/webhooks";

const PASSWORD = "a long enough password";

function patchAsset(token: string, id: string, body: unknown) {
  return callRoute(assetById.PATCH, `/api/asset/${id}`, { method: "PATCH", token, params: { id }, json: body });
}

function listKeys(token: string, query = "") {
  return callRoute(signingKeyList.GET, `/api/access-control/signing-key${query}`, { token });
}

const pem = (base64: string) => Buffer.from(base64, "base64").toString("utf8");

describe.each(testDatabaseKinds)("signed playback on %s", (kind) => {
  let t: TestApp;
  let receiver: ReceiverDouble;
  /** Signs in to the dashboard too: the owner's session plays its own signed videos. */
  let owner: { userId: string; token: string; email: string };
  let other: { userId: string; token: string };

  beforeAll(async () => {
    receiver = await startReceiverDouble();
    t = await startTestApp(kind, { RATE_LIMIT_PER_MINUTE: "100000", EXPORT_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}` });
    const email = `owner-${kind}@example.com`;
    const signedUp = await signUpWithPassword(t.app.db, { email, password: PASSWORD }, t.app.now());
    if (!signedUp.ok) throw new Error("sign-up failed");
    const { token } = await registerApiToken(t.app.db, { userId: signedUp.user.id, name: "test", now: t.app.now() });
    owner = { userId: signedUp.user.id, token, email };
    other = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  describe("signing keys", () => {
    it("creates a key pair with no body (as Livepeer's SDK) or a name, answering 200 with the private key this once", async () => {
      const bare = await createSigningKey(owner.token);
      expect(bare.status).toBe(200);
      expect(bare.headers.get("cache-control")).toBe("no-store");
      const key: CreatedSigningKey = await bare.json();
      expect(key).toEqual({
        id: expect.any(String),
        name: "Signing key",
        publicKey: expect.any(String),
        privateKey: expect.any(String),
        createdAt: expect.any(Number),
        disabled: false,
      });
      expect(pem(key.publicKey)).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n$/);
      expect(pem(key.privateKey)).toMatch(/^-----BEGIN PRIVATE KEY-----\n[\s\S]+-----END PRIVATE KEY-----\n$/);

      const named = await newSigningKey(owner.token, "  Web app ");
      expect(named.name).toBe("Web app");
      expect(named.publicKey).not.toBe(key.publicKey);

      // signAccessJwt reads the keys as they are answered.
      for (const made of [key, named]) expect((await viewerToken(made, "k3j9x0a8b7c6d5e4")).split(".")).toHaveLength(3);

      // Only the public key is kept.
      const rows = await t.app.db.select().from(signingKeys);
      const stored = JSON.stringify(rows);
      expect(stored).toContain(key.publicKey);
      expect(stored).not.toContain(key.privateKey);
      expect(stored).not.toContain(pem(key.privateKey).split("\n")[1]);
    });

    it("refuses an invalid body: 400 for malformed JSON, 422 naming the field", async () => {
      await expectError(await createSigningKey(owner.token, "{not json"), 400, /not valid JSON/);
      await expectError(await createSigningKey(owner.token, { name: "ok", privateKey: "mine" }), 422, /privateKey: unknown field/);
      await expectError(await createSigningKey(owner.token, { name: "" }), 422, /name: must not be empty/);
      await expectError(await createSigningKey(owner.token, { name: 7 }), 422, /name: must be a string/);
      await expectError(await createSigningKey(""), 401);
    });

    it("honours Idempotency-Key: a retry answers the same key, private key included", async () => {
      const headers = { "idempotency-key": `signing-key-${kind}` };
      const first = await createSigningKey(owner.token, { name: "Once" }, headers);
      const again = await createSigningKey(owner.token, { name: "Once" }, headers);
      expect(again.status).toBe(200);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(await again.json()).toEqual(await first.json());
    });

    it("lists (newest first, paged, no private keys), reads, renames, disables and deletes; another user's key is 404", async () => {
      const older = await newSigningKey(other.token, "older");
      const newer = await newSigningKey(other.token, "newer");

      const listed = await listKeys(other.token);
      expect(listed.status).toBe(200);
      const keys: SigningKey[] = await listed.json();
      expect(keys.map((k) => k.id)).toEqual([newer.id, older.id]);
      expect(keys[0]).toEqual({ id: newer.id, name: "newer", publicKey: newer.publicKey, createdAt: newer.createdAt, disabled: false });

      const firstPage = await listKeys(other.token, "?limit=1");
      const next = firstPage.headers.get("link")?.match(/<([^>]+)>; rel="next"/)?.[1];
      expect(next).toBeDefined();
      const secondPage: SigningKey[] = await (await listKeys(other.token, new URL(next!).search)).json();
      expect(secondPage.map((k) => k.id)).toEqual([older.id]);

      const read = await signingKeyCall("GET", other.token, older.id);
      expect(read.status).toBe(200);
      expect(await read.json()).toEqual({ id: older.id, name: "older", publicKey: older.publicKey, createdAt: older.createdAt, disabled: false });

      const renamed = await signingKeyCall("PATCH", other.token, older.id, { name: "renamed" });
      expect(renamed.status).toBe(204);
      expect(await renamed.text()).toBe("");
      expect(await (await signingKeyCall("PATCH", other.token, older.id, { disabled: true })).text()).toBe("");
      expect(await (await signingKeyCall("GET", other.token, older.id)).json()).toMatchObject({ name: "renamed", disabled: true });
      expect((await signingKeyCall("PATCH", other.token, older.id, { disabled: false })).status).toBe(204);
      expect(await (await signingKeyCall("GET", other.token, older.id)).json()).toMatchObject({ disabled: false });
      await expectError(await signingKeyCall("PATCH", other.token, older.id, { disabled: "yes" }), 422, /disabled: must be true or false/);
      await expectError(await signingKeyCall("PATCH", other.token, older.id, { publicKey: "x" }), 422, /publicKey: unknown field/);

      // Another user's key, and ids that cannot exist.
      for (const method of ["GET", "PATCH", "DELETE"] as const) {
        await expectError(await signingKeyCall(method, owner.token, older.id, method === "PATCH" ? { name: "mine" } : undefined), 404, /signing key not found/);
        await expectError(await signingKeyCall(method, owner.token, "not-a-uuid", method === "PATCH" ? {} : undefined), 404);
      }
      expect(((await (await listKeys(owner.token)).json()) as SigningKey[]).map((k) => k.id)).not.toContain(older.id);
      expect(await (await signingKeyCall("GET", other.token, older.id)).json()).toMatchObject({ name: "renamed" });

      const deleted = await signingKeyCall("DELETE", other.token, older.id);
      expect(deleted.status).toBe(204);
      await expectError(await signingKeyCall("GET", other.token, older.id), 404);
      await expectError(await signingKeyCall("DELETE", other.token, older.id), 404);
      expect(((await (await listKeys(other.token)).json()) as SigningKey[]).map((k) => k.id)).toEqual([newer.id]);
    });
  });

  describe("playback of a jwt asset", () => {
    let asset: Asset;
    let key: CreatedSigningKey;

    beforeAll(async () => {
      asset = await readyAsset(t, owner.token, "h264-aac.mp4", "Signed");
      key = await newSigningKey(owner.token, "viewer tokens");
      const patched = await patchAsset(owner.token, asset.id, { playbackPolicy: { type: "jwt" } });
      expect(patched.status).toBe(200);
      expect((await patched.json()).playbackPolicy).toEqual({ type: "jwt" });
    });

    it("answers 200 with a viewer token in the jwt query parameter or the Livepeer-Jwt header, and says the policy", async () => {
      const token = await viewerToken(key, asset.playbackId);
      for (const response of [
        await playbackInfo(asset.playbackId, { query: `jwt=${token}` }),
        await playbackInfo(asset.playbackId, { headers: { "livepeer-jwt": token } }),
      ]) {
        expect(response.status).toBe(200);
        expect(response.headers.get("cache-control")).toBe("private, no-store");
        expect(response.headers.get("access-control-allow-origin")).toBe("*");
        const info = await response.json();
        expect(info.meta.playbackPolicy).toEqual({ type: "jwt" });
        expect(info.meta.source[1]).toMatchObject({ hrn: "MP4", url: `${ORIGIN}/api/playback/${asset.playbackId}/video.mp4` });
      }
      const seen: SigningKey = await (await signingKeyCall("GET", owner.token, key.id)).json();
      expect(seen.lastSeen).toBeGreaterThan(key.createdAt - 1);
    });

    it("answers 401 without any credential", async () => {
      await expectError(await playbackInfo(asset.playbackId), 401, /this video needs a playback token: .*jwt query parameter or the Livepeer-Jwt header/);
    });

    it("answers 403 naming why for every refused viewer token", async () => {
      const another = await readyAsset(t, owner.token, "h264-aac.mp4", "Another");
      const stranger = strangerKeyPair();
      const othersKey = await newSigningKey(other.token, "not the owner's");
      const disabled = await newSigningKey(owner.token, "disabled");
      expect((await signingKeyCall("PATCH", owner.token, disabled.id, { disabled: true })).status).toBe(204);
      const deleted = await newSigningKey(owner.token, "deleted");
      const deletedsToken = await viewerToken(deleted, asset.playbackId);
      expect((await signingKeyCall("DELETE", owner.token, deleted.id)).status).toBe(204);

      const valid = await viewerToken(key, asset.playbackId);
      const [header, payload, signature] = valid.split(".");
      const longer = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), exp: 4102444800 })).toString("base64url");

      const refusals: Array<[string, string, RegExp]> = [
        ["expired", await viewerToken(key, asset.playbackId, -60), /expired at/],
        ["for another playbackId", await viewerToken(key, another.playbackId), /another playbackId/],
        ["signed with another key than its pub", handMadeJwt({ alg: "ES256", typ: "JWT" }, claims(key.publicKey, asset.playbackId), es256(othersKey.privateKey)), /invalid signature/],
        ["with a tampered payload", `${header}.${longer}.${signature}`, /invalid signature/],
        ["with a truncated signature", `${header}.${payload}.${signature.slice(0, 40)}`, /invalid signature/],
        ["of an unknown key", await viewerToken(stranger, asset.playbackId), /does not exist or was deleted/],
        ["of a disabled key", await viewerToken(disabled, asset.playbackId), /disabled/],
        ["of a deleted key", deletedsToken, /does not exist or was deleted/],
        ["of another user's key", await viewerToken(othersKey, asset.playbackId), /another account/],
        ["alg none", `${handMadeJwt({ alg: "none" }, claims(key.publicKey, asset.playbackId), () => Buffer.from("x"))}`, /must be signed with ES256, not "none"/],
        ["alg HS256 keyed with the public key", handMadeJwt({ alg: "HS256" }, claims(key.publicKey, asset.playbackId), hs256(key.publicKey)), /ES256, not "HS256"/],
        ["without exp", handMadeJwt({ alg: "ES256" }, claims(key.publicKey, asset.playbackId, { exp: undefined }), es256(key.privateKey)), /exp .*is required/],
        ["with another action", handMadeJwt({ alg: "ES256" }, claims(key.publicKey, asset.playbackId, { action: "push" }), es256(key.privateKey)), /action must be "pull"/],
        ["malformed", "not.a-jwt", /is not a JWT/],
        ["empty", "", /is not a JWT/],
        ["of JSON that is no object", `${Buffer.from("[]").toString("base64url")}.${payload}.${signature}`, /malformed/],
      ];
      for (const [what, token, message] of refusals) {
        const inQuery = await playbackInfo(asset.playbackId, { query: `jwt=${encodeURIComponent(token)}` });
        await expectError(inQuery, 403, message).catch((error) => {
          throw new Error(`a token ${what}: ${error.message}`);
        });
        await expectError(await playbackInfo(asset.playbackId, { headers: { "livepeer-jwt": token } }), 403, message);
      }

      // A hand-made token with everything right is accepted: the refusals above are for their one flaw.
      const handMade = handMadeJwt({ alg: "ES256" }, claims(key.publicKey, asset.playbackId, { action: undefined, iss: undefined }), es256(key.privateKey));
      expect((await playbackInfo(asset.playbackId, { query: `jwt=${handMade}` })).status).toBe(200);
    });

    it("plays for the owner's API token and dashboard session, and refuses other accounts' with 403", async () => {
      expect((await playbackInfo(asset.playbackId, { headers: { authorization: `Bearer ${owner.token}` } })).status).toBe(200);
      await expectError(await playbackInfo(asset.playbackId, { headers: { authorization: `Bearer ${other.token}` } }), 403, /another account/);
      await expectError(await playbackInfo(asset.playbackId, { headers: { authorization: "Bearer vas_unknown" } }), 403, /invalid or revoked API token/);

      const cookie = sessionCookieOf(await signInByHttp(owner.email, PASSWORD));
      expect(cookie).toBeDefined();
      expect((await playbackInfo(asset.playbackId, { headers: { cookie: cookie! } })).status).toBe(200);
      await expectError(await playbackInfo(asset.playbackId, { headers: { cookie: "authjs.session-token=forged" } }), 403, /session has ended/);

      // One credential accepted is enough, whatever else comes along.
      const token = await viewerToken(key, asset.playbackId);
      const mixed = await playbackInfo(asset.playbackId, { query: `jwt=${token}`, headers: { authorization: `Bearer ${other.token}` } });
      expect(mixed.status).toBe(200);
    });

    it("a public asset plays for anyone, whatever credentials come along", async () => {
      const open = await readyAsset(t, owner.token, "h264-aac.mp4", "Open");
      const response = await playbackInfo(open.playbackId, { query: "jwt=garbage&token=garbage", headers: { authorization: "Bearer nonsense" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBeNull();
      expect((await response.json()).meta.playbackPolicy).toEqual({ type: "public" });
    });

    it("a changed policy holds at once", async () => {
      const changing = await readyAsset(t, owner.token, "h264-aac.mp4", "Changing");
      expect((await playbackInfo(changing.playbackId)).status).toBe(200);
      expect((await patchAsset(owner.token, changing.id, { playbackPolicy: { type: "jwt" } })).status).toBe(200);
      await expectError(await playbackInfo(changing.playbackId), 401);
      const token = await viewerToken(key, changing.playbackId);
      expect((await playbackInfo(changing.playbackId, { query: `jwt=${token}` })).status).toBe(200);
      expect((await patchAsset(owner.token, changing.id, { playbackPolicy: { type: "public" } })).status).toBe(200);
      expect((await playbackInfo(changing.playbackId)).status).toBe(200);
    });

    it("a key disabled or deleted refuses its tokens from the next request on", async () => {
      const rotating = await newSigningKey(owner.token, "rotating");
      const token = await viewerToken(rotating, asset.playbackId);
      expect((await playbackInfo(asset.playbackId, { query: `jwt=${token}` })).status).toBe(200);
      await signingKeyCall("PATCH", owner.token, rotating.id, { disabled: true });
      await expectError(await playbackInfo(asset.playbackId, { query: `jwt=${token}` }), 403, /disabled/);
      await signingKeyCall("PATCH", owner.token, rotating.id, { disabled: false });
      expect((await playbackInfo(asset.playbackId, { query: `jwt=${token}` })).status).toBe(200);
      await signingKeyCall("DELETE", owner.token, rotating.id);
      await expectError(await playbackInfo(asset.playbackId, { query: `jwt=${token}` }), 403, /deleted/);
    });
  });

  describe("PATCH /api/asset/{id}", () => {
    it("changes the name (asset.updated), the policy and the creator id, and answers the asset", async () => {
      await createWebhook(owner.token, { name: "updates", url: `${receiver.url}/updates`, events: ["asset.updated"] });
      const { asset } = await requestUpload(owner.token, "Before");

      const renamed = await patchAsset(owner.token, asset.id, { name: " After ", creatorId: { type: "unverified", value: "0xabc" } });
      expect(renamed.status).toBe(200);
      const after: Asset = await renamed.json();
      expect(after).toMatchObject({ id: asset.id, name: "After", creatorId: { type: "unverified", value: "0xabc" }, playbackPolicy: { type: "public" } });
      expect(after.updatedAt).toBeGreaterThanOrEqual(asset.updatedAt);
      const events = await t.app.db.select().from(webhookEvents);
      const updated = events.filter((e) => e.type === "asset.updated" && (e.subject.asset as { id: string }).id === asset.id);
      expect(updated.map((e) => (e.subject.asset as { name: string }).name)).toEqual(["After"]);

      const shorthand: Asset = await (await patchAsset(owner.token, asset.id, { creatorId: "0xdef", playbackPolicy: { type: "jwt" } })).json();
      expect(shorthand).toMatchObject({ name: "After", creatorId: { type: "unverified", value: "0xdef" }, playbackPolicy: { type: "jwt" } });
      const unchanged = await patchAsset(owner.token, asset.id, {});
      expect(await unchanged.json()).toEqual(shorthand);
      expect((await findAsset(t.app.db, asset.id))?.playbackPolicy).toBe("jwt");
    });

    it("refuses unknown fields and bad values with 422 naming the field; 404 for another user's asset", async () => {
      const { asset } = await requestUpload(owner.token, "Strict");
      const cases: Array<[unknown, RegExp]> = [
        // Without PINATA_JWT on the server an export asked with the asset has no credentials.
        [{ storage: { ipfs: true } }, /storage\.ipfs: this server has no default/],
        [{ storage: { ipfs: true }, colour: "red" }, /colour: unknown field/],
        [{ playbackPolicy: { type: "webhook", webhookId: "x" } }, /playbackPolicy: webhookId: unknown field|playbackPolicy.webhookId: unknown field/],
        [{ playbackPolicy: { type: "webhook" } }, /playbackPolicy\.type: must be one of public, jwt: the only playback policies supported/],
        [{ playbackPolicy: "jwt" }, /playbackPolicy/],
        [{ name: "" }, /name: must not be empty/],
        [{ name: "x".repeat(513) }, /name: must be at most 512 characters/],
        [{ name: null }, /name/],
        [{ creatorId: { type: "verified", value: "0xabc" } }, /creatorId/],
        [{ creatorId: 42 }, /creatorId/],
      ];
      for (const [body, message] of cases) await expectError(await patchAsset(owner.token, asset.id, body), 422, message);
      await expectError(await patchAsset(owner.token, asset.id, "{not json"), 400);
      await expectError(await patchAsset(other.token, asset.id, { name: "mine now" }), 404, /asset not found/);
      await expectError(await patchAsset(owner.token, "not-a-uuid", { name: "x" }), 404);
      expect((await findAsset(t.app.db, asset.id))?.name).toBe("Strict");
    });
  });

  describe("request-upload", () => {
    const request = (body: unknown) => callRoute(routes.requestUploadRoute.POST, "/api/asset/request-upload", { token: owner.token, json: body });

    it("takes playbackPolicy and targetSegmentSizeSecs", async () => {
      const response = await request({ name: "Private", playbackPolicy: { type: "jwt" }, targetSegmentSizeSecs: 4.5 });
      expect(response.status).toBe(200);
      const { asset } = await response.json();
      expect(asset.playbackPolicy).toEqual({ type: "jwt" });
      expect(await findAsset(t.app.db, asset.id)).toMatchObject({ playbackPolicy: "jwt", targetSegmentSecs: 4.5 });

      const plain = (await (await request({ name: "Plain" })).json()).asset;
      expect(await findAsset(t.app.db, plain.id)).toMatchObject({ playbackPolicy: "public", targetSegmentSecs: null });
    });

    it("refuses bad values, and Studio fields it does not support, with 422 naming the field", async () => {
      const cases: Array<[unknown, RegExp]> = [
        [{ name: "x", targetSegmentSizeSecs: 1 }, /targetSegmentSizeSecs: must be at least 2 seconds/],
        [{ name: "x", targetSegmentSizeSecs: 21 }, /targetSegmentSizeSecs: must be at most 20 seconds/],
        [{ name: "x", targetSegmentSizeSecs: "6" }, /targetSegmentSizeSecs: must be a number/],
        [{ name: "x", playbackPolicy: { type: "lit_signing_condition" } }, /playbackPolicy\.type: must be one of public, jwt/],
        [{ name: "x", encryption: { encryptedKey: "k" } }, /encryption: .*not supported/],
        [{ name: "x", creatorId: 42 }, /creatorId/],
      ];
      for (const [body, message] of cases) await expectError(await request(body), 422, message);
    });
  });
});
