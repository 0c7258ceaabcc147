import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizePlayback, type PlaybackAccess } from "@/lib/access-control/authorize-playback";
import { issueMediaToken, mediaTokenExpiry, mediaTokenSecret, readMediaToken, type MediaGrant } from "@/lib/access-control/media-token";
import type { CreatedSigningKey } from "@/lib/access-control/schemas";
import { findAsset, updateAsset } from "@/lib/db/assets";
import type { AssetRow } from "@/lib/db/schema";
import { findSigningKey } from "@/lib/db/signing-keys";
import { readyAsset } from "../helpers/export-api";
import { newSigningKey, signingKeyCall, viewerToken } from "../helpers/signed-playback";
import { ORIGIN, startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

const HOUR = 3_600_000;

describe.each(testDatabaseKinds)("authorizePlayback and media tokens on %s", (kind) => {
  let t: TestApp;
  let owner: { userId: string; token: string };
  let other: { userId: string; token: string };
  let asset: AssetRow;
  let sibling: AssetRow;
  let key: CreatedSigningKey;
  let secret: Buffer;

  /** A request for one of the asset's media URLs, as the media-serving code passes it on. */
  const request = (playbackId: string, query = "", headers: Record<string, string> = {}) =>
    new Request(`${ORIGIN}/api/playback/${playbackId}/video.mp4${query ? `?${query}` : ""}`, { headers });

  const authorize = (target: AssetRow, query = "", headers: Record<string, string> = {}) =>
    authorizePlayback(t.app, request(target.playbackId, query, headers), target);

  async function granted(target: AssetRow, query = "", headers: Record<string, string> = {}): Promise<MediaGrant & { token: string }> {
    const access: PlaybackAccess = await authorize(target, query, headers);
    if (access.kind !== "granted") throw new Error(`expected a grant, got ${access.kind}`);
    const grant = readMediaToken(secret, access.mediaToken);
    if (!grant) throw new Error("the media token does not read back");
    return { ...grant, token: access.mediaToken };
  }

  async function refused(promise: Promise<unknown>, status: number, message: RegExp) {
    await expect(promise).rejects.toMatchObject({ name: "ApiError", status, messages: [expect.stringMatching(message)] });
  }

  async function signedAsset(name: string): Promise<AssetRow> {
    const ready = await readyAsset(t, owner.token, "h264-aac.mp4", name);
    return (await updateAsset(t.app.db, ready.id, { playbackPolicy: "jwt" }))!;
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { RATE_LIMIT_PER_MINUTE: "100000" });
    owner = await t.createUser();
    other = await t.createUser();
    asset = await signedAsset("Signed");
    sibling = await signedAsset("Sibling");
    key = await newSigningKey(owner.token, "viewers");
    secret = mediaTokenSecret(t.app.uploadSigningSecret);
  });
  afterAll(() => t.close());

  it("answers public for a public asset, whatever credentials come along", async () => {
    const open = (await findAsset(t.app.db, (await readyAsset(t, owner.token, "h264-aac.mp4", "Open")).id))!;
    expect(await authorize(open)).toEqual({ kind: "public" });
    expect(await authorize(open, "jwt=x&token=y", { authorization: "Bearer nonsense", cookie: "authjs.session-token=forged" })).toEqual({ kind: "public" });
  });

  it("answers 401 when a jwt asset's request carries no credential", async () => {
    await refused(authorize(asset), 401, /^this video needs a playback token: /);
    await refused(authorize(asset, "other=1", { cookie: "theme=dark" }), 401, /needs a playback token/);
  });

  it("turns an accepted viewer token into a media token granted by its key, for the video's length plus an hour", async () => {
    const before = t.app.now();
    const grant = await granted(asset, `jwt=${await viewerToken(key, asset.playbackId)}`);
    expect(grant).toMatchObject({ playbackId: asset.playbackId, grantor: { kind: "key", keyId: key.id } });
    const duration = asset.videoSpec!.duration * 1000;
    expect(grant.expiresAt).toBeGreaterThanOrEqual(before + duration + HOUR);
    expect(grant.expiresAt).toBeLessThanOrEqual(t.app.now() + duration + HOUR + 1000);
    expect(grant.token).toMatch(/^[0-9a-z]{16}\.\d+\.key\.[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);

    const viaHeader = await granted(asset, "", { "livepeer-jwt": await viewerToken(key, asset.playbackId) });
    expect(viaHeader.grantor).toEqual({ kind: "key", keyId: key.id });
  });

  it("accepts a media token as it is (never extended), and only for its playbackId", async () => {
    const { token } = await granted(asset, `jwt=${await viewerToken(key, asset.playbackId)}`);
    expect(await authorize(asset, `token=${token}`)).toEqual({ kind: "granted", mediaToken: token });
    await refused(authorize(sibling, `token=${token}`), 403, /for another playbackId/);
    // The same media URL stripped of its token.
    await refused(authorize(asset), 401, /needs a playback token/);
  });

  it("refuses an altered or foreign media token", async () => {
    const { token } = await granted(asset, `jwt=${await viewerToken(key, asset.playbackId)}`);
    const [playbackId, expires, kindOf, id, signature] = token.split(".");
    const flipped = signature.at(-2) === "A" ? "B" : "A";
    const altered = [
      [playbackId, expires, kindOf, id, signature.slice(0, -2) + flipped + signature.at(-1)],
      [playbackId, String(Number(expires) + 86_400), kindOf, id, signature],
      [sibling.playbackId, expires, kindOf, id, signature],
      [playbackId, expires, "owner", owner.userId, signature],
      [playbackId, expires, kindOf, id],
      [playbackId, expires, "constructor", id, signature],
    ].map((parts) => parts.join("."));
    for (const token of [...altered, "", "garbage"]) await refused(authorize(asset, `token=${encodeURIComponent(token)}`), 403, /media token is invalid/);

    const grant = readMediaToken(secret, token)!;
    const foreign = issueMediaToken(mediaTokenSecret("another deployment's secret"), grant);
    expect(readMediaToken(secret, foreign)).toBeUndefined();
    await refused(authorize(asset, `token=${foreign}`), 403, /media token is invalid/);
  });

  it("refuses an expired media token", async () => {
    const grant = await granted(asset, `jwt=${await viewerToken(key, asset.playbackId)}`);
    const lifetime = grant.expiresAt - t.app.now();
    t.advanceClock(lifetime + 1000);
    try {
      await refused(authorize(asset, `token=${grant.token}`), 403, /media token expired at .*load the playlist again/);
    } finally {
      t.advanceClock(-(lifetime + 1000));
    }
    expect((await authorize(asset, `token=${grant.token}`)).kind).toBe("granted");
  });

  it("refuses a media token once its key is disabled or deleted, and one made with another account's key", async () => {
    const rotating = await newSigningKey(owner.token, "rotating");
    const { token } = await granted(asset, `jwt=${await viewerToken(rotating, asset.playbackId)}`);
    expect((await signingKeyCall("PATCH", owner.token, rotating.id, { disabled: true })).status).toBe(204);
    await refused(authorize(asset, `token=${token}`), 403, /signing key is disabled/);
    expect((await signingKeyCall("PATCH", owner.token, rotating.id, { disabled: false })).status).toBe(204);
    expect(await authorize(asset, `token=${token}`)).toEqual({ kind: "granted", mediaToken: token });
    expect((await signingKeyCall("DELETE", owner.token, rotating.id)).status).toBe(204);
    await refused(authorize(asset, `token=${token}`), 403, /signing key was deleted/);

    const othersKey = await newSigningKey(other.token, "someone else's");
    const forged = issueMediaToken(secret, { playbackId: asset.playbackId, expiresAt: t.app.now() + HOUR, grantor: { kind: "key", keyId: othersKey.id } });
    await refused(authorize(asset, `token=${forged}`), 403, /not the video owner's/);
  });

  it("grants the owner's API token and session a media token of the owner's; another owner's grant is refused", async () => {
    const viaToken = await granted(asset, "", { authorization: `Bearer ${owner.token}` });
    expect(viaToken.grantor).toEqual({ kind: "owner", userId: owner.userId });
    expect(await authorize(asset, `token=${viaToken.token}`)).toEqual({ kind: "granted", mediaToken: viaToken.token });
    await refused(authorize(asset, "", { authorization: `Bearer ${other.token}` }), 403, /another account/);
    await refused(authorize(asset, "", { authorization: "Basic abc" }), 403, /invalid or revoked API token/);

    const othersGrant = issueMediaToken(secret, { playbackId: asset.playbackId, expiresAt: t.app.now() + HOUR, grantor: { kind: "owner", userId: other.userId } });
    await refused(authorize(asset, `token=${othersGrant}`), 403, /does not own this video/);
  });

  it("tries every credential presented: one accepted is enough; all refused is 403 naming the first", async () => {
    const valid = await viewerToken(key, asset.playbackId);
    expect((await authorize(asset, `token=garbage&jwt=${valid}`)).kind).toBe("granted");
    await refused(authorize(asset, "token=garbage&jwt=garbage", { authorization: `Bearer ${other.token}` }), 403, /media token is invalid/);
  });

  it("records a key's last use at most once a minute", async () => {
    const watched = await newSigningKey(owner.token, "watched");
    const token = await viewerToken(watched, asset.playbackId);
    await granted(asset, `jwt=${token}`);
    const first = (await findSigningKey(t.app.db, watched.id))!.lastSeenAt;
    expect(first).not.toBeNull();
    t.advanceClock(30_000);
    await granted(asset, `jwt=${token}`);
    expect((await findSigningKey(t.app.db, watched.id))!.lastSeenAt).toBe(first);
    t.advanceClock(31_000);
    await granted(asset, `jwt=${token}`);
    expect((await findSigningKey(t.app.db, watched.id))!.lastSeenAt).toBeGreaterThanOrEqual(first! + 60_000);
  });

  it("media tokens last the video's duration plus an hour, at most a day", () => {
    const now = 1_763_740_000_000;
    const withDuration = (duration: number | undefined) =>
      ({ ...asset, videoSpec: duration === undefined ? null : { ...asset.videoSpec!, duration } }) as AssetRow;
    expect(mediaTokenExpiry(withDuration(3), now)).toBe(now + 3000 + HOUR);
    expect(mediaTokenExpiry(withDuration(2 * 3600), now)).toBe(now + 3 * HOUR);
    expect(mediaTokenExpiry(withDuration(30 * 3600), now)).toBe(now + 24 * HOUR);
    expect(mediaTokenExpiry(withDuration(undefined), now)).toBe(now + HOUR);
  });
});
