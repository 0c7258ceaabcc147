import { text } from "node:stream/consumers";
import { notFound, unprocessable } from "@/lib/api/errors";
import { findUserAsset } from "@/lib/db/assets";
import type { Db } from "@/lib/db/client";
import type { AssetRow, TextTrackRow } from "@/lib/db/schema";
import { countTextTracks, deleteTextTrack, insertTextTrack, listTextTracks } from "@/lib/db/text-tracks";
import { assetTrackKey, type Storage } from "@/lib/storage/types";
import { uuidv7 } from "@/lib/uuid";
import { fetchTrackFile, trackTooLarge } from "./fetch-track-file";
import { parseSubtitles, SubtitleSyntaxError, toWebVtt, type Cue } from "./parse-subtitles";
import { MAX_TRACK_BYTES, MAX_TRACKS_PER_ASSET, type CreateTrack, type Track } from "./schemas";

export interface TrackDeps {
  db: Db;
  storage: Storage;
  config: { exportAllowedHosts: string[] };
  now(): number;
}

export function trackOf(row: TextTrackRow): Track {
  return { id: row.id, type: "text", textType: row.textType, languageCode: row.languageCode, name: row.name, status: "ready" };
}

/** The language's English name (`English`, `Brazilian Portuguese`), ` (CC)` after it for captions. */
export function defaultTrackName(languageCode: string, textType: TextTrackRow["textType"]): string {
  const language = new Intl.DisplayNames(["en"], { type: "language", fallback: "code" }).of(languageCode) ?? languageCode;
  return textType === "captions" ? `${language} (CC)` : language;
}

/** The cues of a stored track (a WebVTT file of at most 2 MiB, checked when it was added). */
export async function readTrackCues(storage: Storage, assetId: string, trackId: string): Promise<Cue[]> {
  return parseSubtitles(await text(await storage.createReadStream(assetTrackKey(assetId, trackId))));
}

async function ownAsset(db: Db, userId: string, assetId: string): Promise<AssetRow> {
  const asset = await findUserAsset(db, userId, assetId);
  if (!asset || asset.status === "deleting") throw notFound("asset not found");
  return asset;
}

/**
 * Adds a track to the caller's asset: its file (inline, or fetched through the address guard)
 * is checked, normalised to WebVTT and stored beside the asset's file before the track is recorded.
 */
export async function createTrack(deps: TrackDeps, userId: string, assetId: string, request: CreateTrack): Promise<Track> {
  const asset = await ownAsset(deps.db, userId, assetId);
  if ((await countTextTracks(deps.db, asset.id)) >= MAX_TRACKS_PER_ASSET) throw unprocessable([`an asset holds at most ${MAX_TRACKS_PER_ASSET} tracks: delete one first`]);
  const field = request.text === undefined ? "url" : "text";
  if (request.text !== undefined && Buffer.byteLength(request.text) > MAX_TRACK_BYTES) throw trackTooLarge("text");
  const file = request.text ?? (await fetchTrackFile(new URL(request.url!), deps.config.exportAllowedHosts));
  let vtt: string;
  try {
    vtt = toWebVtt(parseSubtitles(file));
  } catch (error) {
    if (error instanceof SubtitleSyntaxError) throw unprocessable([`${field}: not WebVTT or SRT: ${error.message}`]);
    throw error;
  }
  const id = uuidv7(deps.now());
  const bytes = Buffer.from(vtt);
  await deps.storage.putObject(assetTrackKey(asset.id, id), bytes, "text/vtt");
  const row = await insertTextTrack(deps.db, {
    id,
    assetId: asset.id,
    textType: request.textType,
    languageCode: request.languageCode,
    name: request.name ?? defaultTrackName(request.languageCode, request.textType),
    size: bytes.length,
    createdAt: deps.now(),
  });
  return trackOf(row);
}

export async function listTracks(deps: TrackDeps, userId: string, assetId: string): Promise<Track[]> {
  const asset = await ownAsset(deps.db, userId, assetId);
  return (await listTextTracks(deps.db, asset.id)).map(trackOf);
}

/** Removes the track and its file: its rendition leaves the asset's HLS playlist at once. */
export async function removeTrack(deps: TrackDeps, userId: string, assetId: string, trackId: string): Promise<void> {
  const asset = await ownAsset(deps.db, userId, assetId);
  const row = await deleteTextTrack(deps.db, asset.id, trackId);
  if (!row) throw notFound("track not found");
  await deps.storage.delete(assetTrackKey(asset.id, row.id));
}
