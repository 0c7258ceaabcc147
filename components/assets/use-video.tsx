"use client";

import Link from "next/link";
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

/** A ready asset's addresses: permanent playback URLs, embed code and a download, each with a copy button. */
export function UseThisVideo({ asset, origin }: { asset: Asset; origin: string }) {
  const urls = playbackUrls(origin, asset.playbackId);
  const snippet = embedSnippet(origin, asset.playbackId, asset.videoSpec?.tracks.find((track) => track.type === "video"));
  const signed = asset.playbackPolicy.type === "jwt";
  return (
    <section aria-labelledby="use-heading" className={cardStyles}>
      <h2 id="use-heading" className="text-lg font-semibold">
        Use this video
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-600">
        These addresses are permanent: they stay the same as long as the asset exists, renamed or not.
        {!signed && " Anyone who has them can play the video."}
      </p>
      {signed && (
        <p className="mb-4 rounded bg-amber-50 p-2 text-xs text-amber-900" data-testid="signed-playback-note">
          This video is signed: each address plays only with a viewer token, added as <code>?jwt=</code> followed by the token (without
          one it answers 401). Your backend makes tokens with one of your{" "}
          <Link href="/signing-keys" className="font-medium underline">
            signing keys
          </Link>
          ; how:{" "}
          <a href="/docs#tag/access-control" className="font-medium underline">
            signed playback in the API reference
          </a>
          .
        </p>
      )}
      <dl className="space-y-4 text-sm">
        <Use term="MP4" copyLabel="Copy MP4 URL" copy={urls.video} help="The file as uploaded, for a <video> element or a download; it seeks (Range requests).">
          <code className="break-all text-xs">{urls.video}</code>
        </Use>
        <Use term="HLS" copyLabel="Copy HLS URL" copy={urls.hls} help="For any HLS player (hls.js, Safari, VLC, ffmpeg). Segments are cut from your file when asked.">
          <code className="break-all text-xs">{urls.hls}</code>
        </Use>
        <Use term="Player page" copyLabel="Copy player page URL" copy={urls.player} help="A page with nothing but the player, to link to.">
          <a href={urls.player} target="_blank" rel="noreferrer" className="break-all text-xs font-medium text-indigo-700 underline">
            {urls.player}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Use>
        <Use term="Embed code" copyLabel="Copy embed code" copy={snippet} help="Paste into any web page: the player fills the width it is given, at the video's shape.">
          <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">
            <code>{snippet}</code>
          </pre>
        </Use>
        <Use term="Playback URL" copyLabel="Copy playback URL" copy={urls.info} help="Playback info in Livepeer's shape (its sources are the addresses above), for players and SDKs.">
          <code className="break-all text-xs">{urls.info}</code>
        </Use>
        {asset.downloadUrl && (
          <Use
            term="Download"
            copyLabel="Copy download link"
            copy={asset.downloadUrl}
            help="A signed link to the original file, for you: it expires, so copy a fresh one from this page."
          >
            <a href={asset.downloadUrl} download={asset.name} className="font-medium text-indigo-700 underline">
              Download the file<span className="sr-only"> {asset.name}</span>
            </a>
          </Use>
        )}
      </dl>
    </section>
  );
}

function Use({ term, copy, copyLabel, help, children }: { term: string; copy: string; copyLabel: string; help: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center justify-between gap-2">
        <span className="font-medium text-slate-700">{term}</span>
        <CopyButton text={copy} label={copyLabel} />
      </dt>
      <dd className="mt-1 space-y-1">
        {children}
        <p className="text-xs text-slate-600">{help}</p>
      </dd>
    </div>
  );
}
