import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { isPlaybackId } from "@/lib/assets/playback-id";
import type { Db } from "@/lib/db/client";
import type { AssetRow } from "@/lib/db/schema";
import { findSigningKey } from "@/lib/db/signing-keys";
import { isUuid } from "@/lib/uuid";

/** Who opened playback: a viewer token signed by one of the owner's keys, or the owner (session or API token). */
export type MediaGrantor = { kind: "key"; keyId: string } | { kind: "owner"; userId: string };

export interface MediaGrant {
  playbackId: string;
  /** Milliseconds since the epoch (the token carries seconds). */
  expiresAt: number;
  grantor: MediaGrantor;
}

const HOUR_MS = 3_600_000;
const MAX_LIFETIME_MS = 24 * HOUR_MS;

/**
 * A media token outlives the viewer token it came from on purpose: a video started with a
 * short-lived JWT must play to its end. It lasts the video's duration plus an hour (pauses,
 * seeks, a slow network), at most 24 hours; its grantor is checked again on every request, so
 * disabling or deleting the key, or a new owner, ends it at once.
 */
export function mediaTokenExpiry(asset: AssetRow, now: number): number {
  const durationMs = (asset.videoSpec?.duration ?? 0) * 1000;
  return now + Math.min(durationMs + HOUR_MS, MAX_LIFETIME_MS);
}

/** HKDF of the upload signing secret under a label of its own: a media token is no upload URL, nor the reverse. */
export function mediaTokenSecret(uploadSigningSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", uploadSigningSecret, "", "video-asset-service media token v1", 32));
}

/** `<playbackId>.<expires, s>.<key|owner>.<id>.<HMAC-SHA256, base64url>`: URL-safe, for the `token` query parameter. */
export function issueMediaToken(secret: Buffer, grant: MediaGrant): string {
  const id = grant.grantor.kind === "key" ? grant.grantor.keyId : grant.grantor.userId;
  const fields = `${grant.playbackId}.${Math.ceil(grant.expiresAt / 1000)}.${grant.grantor.kind}.${id}`;
  return `${fields}.${mac(secret, fields).toString("base64url")}`;
}

/** The grant a token carries when its signature holds; undefined for a forged, altered or malformed token. */
export function readMediaToken(secret: Buffer, token: string): MediaGrant | undefined {
  const parts = token.split(".");
  if (parts.length !== 5) return undefined;
  const [playbackId, expires, kind, id, signature] = parts;
  if (!isPlaybackId(playbackId) || !/^\d{1,12}$/.test(expires) || (kind !== "key" && kind !== "owner") || !isUuid(id)) return undefined;
  const expected = mac(secret, parts.slice(0, 4).join("."));
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const grantor: MediaGrantor = kind === "key" ? { kind: "key", keyId: id } : { kind: "owner", userId: id };
  return { playbackId, expiresAt: Number(expires) * 1000, grantor };
}

/**
 * Why a media token does not open `asset` now (undefined when it does): it must be authentic,
 * for this playbackId, unexpired, and its grantor must still hold: the key exists, is enabled and
 * is the owner's (one lookup by primary key), or the owner is the asset's owner.
 */
export async function mediaTokenRefusal(
  deps: { db: Db; secret: Buffer },
  token: string,
  asset: AssetRow,
  now: number,
): Promise<string | undefined> {
  const grant = readMediaToken(deps.secret, token);
  if (!grant) return "the media token is invalid: it was altered, or not issued by this service";
  if (grant.playbackId !== asset.playbackId) return "the media token is for another playbackId";
  if (grant.expiresAt <= now) return `the media token expired at ${new Date(grant.expiresAt).toISOString()}: load the playlist again`;
  if (grant.grantor.kind === "owner") {
    return grant.grantor.userId === asset.userId ? undefined : "the media token was granted by someone who does not own this video";
  }
  const key = await findSigningKey(deps.db, grant.grantor.keyId);
  if (!key) return "the media token's signing key was deleted";
  if (key.userId !== asset.userId) return "the media token's signing key is not the video owner's";
  if (key.disabled) return "the media token's signing key is disabled";
  return undefined;
}

function mac(secret: Buffer, fields: string): Buffer {
  return createHmac("sha256", secret).update(fields).digest();
}
