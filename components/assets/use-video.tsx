"use client";

import type { ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { cardStyles } from "@/components/ui/styles";
import type { Asset } from "@/lib/assets/schemas";

/** An `<iframe>` of the bare player page, sized for 16:9. */
export function embedSnippet(origin: string, playbackId: string): string {
  return `<iframe src="${origin}/play/${playbackId}" width="640" height="360" style="border:0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`;
}

/** A ready asset's addresses: playback info, embed code and download, each with a copy button. */
export function UseThisVideo({ asset, origin }: { asset: Asset; origin: string }) {
  const playbackUrl = `${origin}/api/playback/${asset.playbackId}`;
  const snippet = embedSnippet(origin, asset.playbackId);
  return (
    <section aria-labelledby="use-heading" className={cardStyles}>
      <h2 id="use-heading" className="mb-4 text-lg font-semibold">
        Use this video
      </h2>
      <dl className="space-y-4 text-sm">
        <Use term="Playback URL" copy={playbackUrl} help="Playback info in Livepeer's shape, for players and SDKs. Public to whoever has it.">
          <code className="break-all text-xs">{playbackUrl}</code>
        </Use>
        <Use term="Embed code" copy={snippet} help="Paste into any web page: the player page fits an iframe.">
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
