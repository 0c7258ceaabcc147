"use client";

import type { ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { cardStyles } from "@/components/ui/styles";
import type { Asset } from "@/lib/assets/schemas";
import { playbackUrls } from "@/lib/assets/playback-urls";

/**
 * An `<iframe>` of the bare player page that fills the width it is given at the video's aspect
 * ratio (16:9 when unknown): the box keeps the ratio, the frame fills the box.
 */
export function embedSnippet(origin: string, playbackId: string, size?: { width: number; height: number }): string {
  const ratio = size ? `${size.width} / ${size.height}` : "16 / 9";
  return `<div style="position:relative;width:100%;aspect-ratio:${ratio}"><iframe src="${origin}/play/${playbackId}" style="position:absolute;inset:0;width:100%;height:100%;border:0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe></div>`;
}

/** A ready asset's addresses: playback info, embed code and download, each with a copy button. */
export function UseThisVideo({ asset, origin }: { asset: Asset; origin: string }) {
  const urls = playbackUrls(origin, asset.playbackId);
  const playbackUrl = urls.info;
  const snippet = embedSnippet(origin, asset.playbackId, asset.videoSpec?.tracks.find((track) => track.type === "video"));
  return (
    <section aria-labelledby="use-heading" className={cardStyles}>
      <h2 id="use-heading" className="mb-4 text-lg font-semibold">
        Use this video
      </h2>
      {asset.playbackPolicy.type === "jwt" && (
        <p className="mb-4 rounded bg-amber-50 p-2 text-xs text-amber-900">
          This video is signed: viewers add <code>?jwt=</code> and a token made with one of your signing keys to these addresses.
        </p>
      )}
      <dl className="space-y-4 text-sm">
        <Use
          term="Playback URL"
          copy={playbackUrl}
          help={`Playback info in Livepeer's shape, for players and SDKs. ${asset.playbackPolicy.type === "jwt" ? "Needs a viewer token." : "Public to whoever has it."}`}
        >
          <code className="break-all text-xs">{playbackUrl}</code>
        </Use>
        <Use term="HLS stream" copy={urls.hls} help="For any HLS player (hls.js, Safari, VLC, ffmpeg). Segments are cut from your file when asked.">
          <code className="break-all text-xs">{urls.hls}</code>
        </Use>
        <Use term="Embed code" copy={snippet} help="Paste into any web page: the player fills the width it is given, at the video's shape.">
          <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">
            <code>{snippet}</code>
          </pre>
        </Use>
        {asset.downloadUrl && (
          <Use term="Download" copy={asset.downloadUrl} help="A signed link to the original file. It expires; copy a fresh one from this page.">
            <a href={asset.downloadUrl} download={asset.name} className="font-medium text-indigo-700 underline">
              Download the file<span className="sr-only"> {asset.name}</span>
            </a>
          </Use>
        )}
      </dl>
    </section>
  );
}

function Use({ term, copy, help, children }: { term: string; copy: string; help: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center justify-between gap-2">
        <span className="font-medium text-slate-700">{term}</span>
        <CopyButton text={copy} label={`Copy ${term.toLowerCase()}`} />
      </dt>
      <dd className="mt-1 space-y-1">
        {children}
        <p className="text-xs text-slate-600">{help}</p>
      </dd>
    </div>
  );
}
