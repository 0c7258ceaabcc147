import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getApp } from "@/lib/app/app";
import { findPlayableAsset } from "@/lib/playback/playable-asset";
import { playbackUrls } from "@/lib/playback/urls";

/** Deleting the asset must end playback at once, so never a cached page. */
export const dynamic = "force-dynamic";

interface PlayPageProps {
  params: Promise<{ playbackId: string }>;
}

const playable = cache(async (playbackId: string) => findPlayableAsset((await getApp()).db, playbackId));

export async function generateMetadata({ params }: PlayPageProps): Promise<Metadata> {
  const asset = await playable((await params).playbackId);
  // The playbackId is a capability: keep its pages out of search engines.
  return { title: asset?.name ?? "Not found", robots: { index: false, follow: false } };
}

/** The bare player that `<iframe src="…/play/{playbackId}">` embeds: the video, its poster, nothing else. */
export default async function PlayPage({ params }: PlayPageProps) {
  const asset = await playable((await params).playbackId);
  if (!asset) notFound();
  // Relative, so the page works on whatever origin serves it.
  const urls = playbackUrls("", asset.playbackId);
  return (
    <main className="fixed inset-0 flex items-center justify-center bg-black">
      <video
        className="h-full w-full"
        src={urls.video}
        poster={asset.posterKey ? urls.poster : undefined}
        aria-label={asset.name}
        controls
        playsInline
        preload="metadata"
      />
    </main>
  );
}
