"use client";

import { useEffect, useState } from "react";
import type { Asset } from "@/lib/assets/schemas";
import { findAsset } from "./assets";

/** What a list of tasks shows of each task's asset. `null`: the asset was deleted. */
export interface AssetSummary {
  name: string;
  size?: number;
  posterUrl?: string;
}

const TTL_MS = 60_000;
const cache = new Map<string, { at: number; summary: Promise<AssetSummary | null> }>();

function summarize(asset: Asset | null): AssetSummary | null {
  if (!asset) return null;
  // `posterUrl` arrives with the thumbnails of issue 14; until then the asset has none.
  const posterUrl = (asset as Asset & { posterUrl?: unknown }).posterUrl;
  return { name: asset.name, size: asset.size, posterUrl: typeof posterUrl === "string" ? posterUrl : undefined };
}

function summaryOf(assetId: string): Promise<AssetSummary | null> {
  const cached = cache.get(assetId);
  if (cached && Date.now() - cached.at < TTL_MS) return cached.summary;
  const summary = findAsset(assetId).then(summarize);
  // A failed look-up is not kept: the next render asks again.
  summary.catch(() => cache.delete(assetId));
  cache.set(assetId, { at: Date.now(), summary });
  return summary;
}

/**
 * The names (and sizes, posters) of the given assets, one GET /api/asset/{id} per distinct asset,
 * cached for a minute across pages and polls. Missing from the map while loading.
 */
export function useAssetSummaries(assetIds: Array<string | undefined>): Map<string, AssetSummary | null> {
  const key = [...new Set(assetIds.filter((id): id is string => Boolean(id)))].sort().join(",");
  const [summaries, setSummaries] = useState<Map<string, AssetSummary | null>>(new Map());

  useEffect(() => {
    if (!key) return;
    let live = true;
    for (const id of key.split(",")) {
      summaryOf(id).then(
        (summary) => {
          if (live) setSummaries((previous) => (previous.get(id) === summary ? previous : new Map(previous).set(id, summary)));
        },
        () => {},
      );
    }
    return () => {
      live = false;
    };
  }, [key]);

  return summaries;
}
