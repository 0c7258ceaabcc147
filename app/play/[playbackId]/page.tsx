import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { VideoPlayer } from "@/components/player/video-player";
import { authorizePlayback } from "@/lib/access-control/authorize-playback";
import { isNamedError } from "@/lib/named-error";
import type { ApiError } from "@/lib/api/errors";
import { getApp } from "@/lib/app/app";
import { findPlayableAsset } from "@/lib/playback/playable-asset";
import { playbackUrls } from "@/lib/assets/playback-urls";

/** Deleting the asset or changing its policy must hold at once, so never a cached page. */
export const dynamic = "force-dynamic";

interface PlayPageProps {
  params: Promise<{ playbackId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const playable = cache(async (playbackId: string) => findPlayableAsset((await getApp()).db, playbackId));

export async function generateMetadata({ params }: PlayPageProps): Promise<Metadata> {
  const asset = await playable((await params).playbackId);
  // The playbackId is a capability: keep its pages out of search engines.
  return { title: asset?.name ?? "Not found", robots: { index: false, follow: false } };
}

/**
 * The bare player that `<iframe src="…/play/{playbackId}">` embeds: the video and its poster,
 * filling the frame at the video's aspect ratio. A `jwt` asset plays with the viewer's token
 * (`?jwt=`, the `Livepeer-Jwt` header, or its owner's session): the media URLs get a media token.
 */
export default async function PlayPage({ params, searchParams }: PlayPageProps) {
  const { playbackId } = await params;
  const asset = await playable(playbackId);
  if (!asset) notFound();
  const query = new URLSearchParams(Object.entries(await searchParams).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])));
  const request = new Request(`http://localhost/play/${playbackId}?${query}`, { headers: await headers() });
  let suffix = "";
  try {
    const access = await authorizePlayback(await getApp(), request, asset);
    if (access.kind === "granted") suffix = `?token=${encodeURIComponent(access.mediaToken)}`;
  } catch (error) {
    if (!isNamedError<ApiError>(error, "ApiError")) throw error;
    return (
      <main className="fixed inset-0 flex items-center justify-center bg-black p-6 text-center text-sm text-slate-200">
        <p role="alert">{error.status === 401 ? "This video is private: it plays with a viewer token." : `This video cannot play here: ${error.messages[0]}.`}</p>
      </main>
    );
  }
  // Relative, so the page works on whatever origin serves it.
  const urls = playbackUrls("", asset.playbackId);
  return (
    <main className="fixed inset-0 flex items-center justify-center bg-black">
      <VideoPlayer
        hls={urls.hls + suffix}
        mp4={urls.video + suffix}
        poster={asset.posterKey ? urls.poster + suffix : undefined}
        label={asset.name}
        className="h-full w-full"
        playbackId={asset.playbackId}
      />
    </main>
  );
}
