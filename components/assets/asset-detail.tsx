"use client";

import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { VideoPlayer } from "@/components/player/video-player";
import { ViewersPanel } from "@/components/analytics/viewers-panel";
import { TaskList } from "@/components/tasks/task-list";
import { ErrorAlert } from "@/components/ui/error-alert";
import { StatusBadge } from "@/components/ui/status-badge";
import { cardStyles } from "@/components/ui/styles";
import type { Asset } from "@/lib/assets/schemas";
import { api, ApiRequestError, dataOf, messagesOf } from "@/lib/client/api";
import { plainAsset } from "@/lib/client/assets";
import { hlsUrlForTracks, playbackUrls } from "@/lib/assets/playback-urls";
import { AssetFacts } from "./asset-facts";
import { AssetName } from "./asset-name";
import { ClipAction } from "./clip-action";
import { DeleteAsset } from "./delete-asset";
import { ExportForm } from "./export-form";
import { FailedAsset } from "./failed-asset";
import { PlaybackPolicy } from "./playback-policy";
import { allRenditionsMade, RenditionLadder } from "./rendition-ladder";
import { posterUrlOf } from "./poster";
import { TextTracks } from "./text-tracks";
import { UseThisVideo } from "./use-video";
import { CuttingClip, ImportingAsset, WaitingAsset } from "./waiting-asset";

const POLL_MS = 1000;
/** A ready asset's segments are made in the background: its ladder is refreshed until all are. */
const LADDER_POLL_MS = 2000;

/** `serverPinning`: the server has pinning credentials of its own (PINATA_JWT) for IPFS exports. */
export function AssetDetail({ assetId, serverPinning }: { assetId: string; serverPinning: boolean }) {
  const [asset, setAsset] = useState<Asset | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [missing, setMissing] = useState(false);
  const [loads, setLoads] = useState(0);
  const [taskRefresh, setTaskRefresh] = useState(0);
  const reload = useCallback(() => setLoads((n) => n + 1), []);
  const player = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const data = plainAsset(await dataOf(api.GET("/api/asset/{id}", { params: { path: { id: assetId } }, signal: controller.signal })));
        // A check sent before a change made on this page may be answered after it: the older copy loses.
        setAsset((shown) => (shown && shown.updatedAt > data.updatedAt ? shown : data));
        setErrors([]);
        if (data.status === "failed" || (data.status === "ready" && allRenditionsMade(data.renditions))) return;
        if (data.status === "ready") {
          timer = setTimeout(load, LADDER_POLL_MS);
          return;
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiRequestError && error.status === 404) return setMissing(true);
        setErrors(messagesOf(error));
      }
      timer = setTimeout(load, POLL_MS);
    };
    load();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [assetId, loads]);

  if (missing) {
    return (
      <div className={cardStyles}>
        <h1 className="text-xl font-semibold">Asset not found</h1>
        <p className="mt-2 text-sm text-slate-600">It does not exist, or it belongs to someone else.</p>
        <Link href="/assets" className="mt-4 inline-block text-sm font-medium text-indigo-700 underline">
          Back to your assets
        </Link>
      </div>
    );
  }
  if (!asset) {
    return errors.length > 0 ? (
      <ErrorAlert messages={errors} title="The asset could not be loaded" />
    ) : (
      <p aria-busy="true" className="py-10 text-center text-sm text-slate-500">
        Loading asset…
      </p>
    );
  }

  const failed = asset.status === "failed";
  return (
    <div className="space-y-6">
      <div className="min-w-0">
        <Link href="/assets" className="text-sm text-indigo-700 hover:underline">
          ← Assets
        </Link>
        <AssetName asset={asset} onRenamed={setAsset}>
          <StatusBadge status={asset.status} />
        </AssetName>
      </div>
      <ErrorAlert messages={errors} />
      {failed && <FailedAsset asset={asset} />}
      {asset.status === "waiting" && waitingState(asset)}
      {asset.status === "processing" && <p className="text-sm text-slate-600">The file is being checked…</p>}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          {asset.status === "ready" && (
            <div ref={player}>
              <VideoPlayer
                // A new URL when the tracks change: the player loads the playlist again, past the browser's cache.
                hls={hlsUrlForTracks(playbackUrls("", asset.playbackId).hls, (asset.tracks ?? []).map((track) => track.id))}
                mp4={playbackUrls("", asset.playbackId).video}
                poster={posterUrlOf(asset)}
                storyboard={asset.posterUrl && playbackUrls("", asset.playbackId).storyboard}
                label={`Player: ${asset.name}`}
                className="aspect-video w-full rounded-lg bg-black"
                playbackId={asset.playbackId}
              />
            </div>
          )}
          {asset.status === "ready" && <ClipAction asset={asset} player={player} />}
          {asset.status === "ready" && asset.renditions && <RenditionLadder renditions={asset.renditions} />}
          {asset.status === "ready" && <TextTracks asset={asset} onChanged={reload} />}
          {asset.status === "ready" && <UseThisVideo asset={asset} origin={window.location.origin} />}
          {asset.status === "ready" && <ViewersPanel assetId={asset.id} />}
          <section aria-labelledby="facts-heading" className={cardStyles}>
            <h2 id="facts-heading" className="mb-4 text-lg font-semibold">
              Details
            </h2>
            <AssetFacts asset={asset} />
            {!failed && <PlaybackPolicy asset={asset} onChanged={setAsset} />}
            <div className="mt-6 border-t border-slate-200 pt-4">
              <DeleteAsset asset={asset} />
            </div>
          </section>
        </div>
        <div className="space-y-6">
          {asset.status === "ready" && (
            <section className={cardStyles}>
              <ExportForm assetId={asset.id} serverPinning={serverPinning} onStarted={() => setTaskRefresh((n) => n + 1)} />
            </section>
          )}
          {/* A failed asset's only task is the file check, whose reason is stated above. */}
          {!failed && (
            <section aria-labelledby="tasks-heading" className="space-y-3">
              <h2 id="tasks-heading" className="text-lg font-semibold">
                Tasks
              </h2>
              <TaskList assetId={asset.id} assetSize={asset.size} refreshKey={taskRefresh} onTaskCompleted={reload} />
            </section>
          )}
        </div>
      </div>
    </div>
  );
}

function waitingState(asset: Asset) {
  if (asset.source.type === "url") return <ImportingAsset url={asset.source.url} />;
  if (asset.source.type === "clip") return <CuttingClip sourceId={asset.source.sourceId} />;
  return <WaitingAsset asset={asset} />;
}
