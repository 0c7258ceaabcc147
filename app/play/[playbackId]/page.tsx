import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { VideoPlayer } from "@/components/player/video-player";
import { authorizePlayback } from "@/lib/access-control/authorize-playback";
import { isNamedError } from "@/lib/named-error";
import type { ApiError } from "@/lib/api/errors";
import { getApp } from "@/lib/app/app";
import { mediaTokenQuery } from "@/lib/playback/open-playback";
import { findPlayableAsset } from "@/lib/playback/playable-asset";
import { hlsUrlForTracks, playbackUrls } from "@/lib/assets/playback-urls";
import { listTextTracks } from "@/lib/db/text-tracks";

/** Deleting the asset or changing its policy must hold at once, so never a cached page. */
export const dynamic = "force-dynamic";

interface PlayPageProps {
  params: Promise<{ playbackId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const playable = cache(async (playbackId: string) => findPlayableAsset((await getApp()).db, playbackId));

/**
 * The asset and this request's access to it (granted, or the refusal), once per request for the
 * page and its title alike: a `jwt` asset without a valid token shows nothing of itself.
 */
const viewing = cache(async (playbackId: string, query: string) => {
  const asset = await playable(playbackId);
  if (!asset) return undefined;
  const request = new Request(`http://localhost/play/${playbackId}?${query}`, { headers: await headers() });
  try {
    return { asset, access: await authorizePlayback(await getApp(), request, asset) };
  } catch (error) {
    if (!isNamedError<ApiError>(error, "ApiError")) throw error;
    return { asset, refused: error };
  }
});

async function view({ params, searchParams }: PlayPageProps) {
  const { playbackId } = await params;
  const query = new URLSearchParams(Object.entries(await searchParams).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])));
  return viewing(playbackId, query.toString());
}

export async function generateMetadata(props: PlayPageProps): Promise<Metadata> {
  const seen = await view(props);
  const title = !seen ? "Not found" : seen.refused ? "Video" : seen.asset.name;
  // The playbackId is a capability: keep its pages out of search engines.
  return { title, robots: { index: false, follow: false } };
}

/**
 * The bare player that `<iframe src="…/play/{playbackId}">` embeds: the video and its poster,
 * filling the frame at the video's aspect ratio. A `jwt` asset plays with the viewer's token
 * (`?jwt=`, the `Livepeer-Jwt` header, or its owner's session): the media URLs get a media token.
 */
export default async function PlayPage(props: PlayPageProps) {
  const seen = await view(props);
  if (!seen) notFound();
  const { asset } = seen;
  if (seen.refused) {
    const error = seen.refused;
    return (
      <main className="fixed inset-0 flex items-center justify-center bg-black p-6 text-center text-sm text-slate-200">
        <p role="alert">{error.status === 401 ? "This video is private: it plays with a viewer token." : `This video cannot play here: ${error.messages[0]}.`}</p>
      </main>
    );
  }
  const suffix = mediaTokenQuery(seen.access);
  // Relative, so the page works on whatever origin serves it.
  const urls = playbackUrls("", asset.playbackId);
  const tracks = await listTextTracks((await getApp()).db, asset.id);
  return (
    <main className="fixed inset-0 flex items-center justify-center bg-black">
      <VideoPlayer
        // A track added or removed shows at the next load, not when the cached playlist expires.
        hls={hlsUrlForTracks(urls.hls + suffix, tracks.map((track) => track.id))}
        mp4={urls.video + suffix}
        poster={asset.posterKey ? urls.poster + suffix : undefined}
        storyboard={asset.posterKey ? urls.storyboard + suffix : undefined}
        label={asset.name}
        className="h-full w-full"
        playbackId={asset.playbackId}
      />
    </main>
  );
}
