import { notFound } from "@/lib/api/errors";
import { assetRenditionKey, type MediaBytes } from "@/lib/storage/types";
import { staticMp4File } from "@/lib/transcode/static-mp4";
import { openPlayback, playbackCacheControl, type PlaybackDeps } from "./open-playback";

const STATIC_MP4 = /^(t\d{1,2})-(\d{1,6})\.mp4$/;

/** `{rung}-{ladder}.mp4`: a rung's static MP4 as playback info lists it; 404 for one not made. */
export async function openStaticMp4(app: PlaybackDeps, request: Request, playbackId: string, file: string): Promise<MediaBytes> {
  const { asset, access } = await openPlayback(app, request, playbackId);
  const match = STATIC_MP4.exec(file);
  const plan = asset.transcode;
  const made = match && plan && Number(match[2]) === plan.ladder ? plan.staticMp4s?.find((m) => m.dir === match[1]) : undefined;
  if (!made || !plan) throw notFound("no such MP4 rendition: read the playback info again");
  const key = assetRenditionKey(asset.id, plan.ladder, "mp4", staticMp4File(made.dir));
  return {
    size: made.size,
    open: (range) => app.storage.createReadStream(key, range),
    contentType: "video/mp4",
    cacheControl: playbackCacheControl(access, "immutable"),
    delivery: { userId: asset.userId, secondsPerByte: plan.duration / Math.max(1, made.size) },
  };
}
