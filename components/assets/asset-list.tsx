"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { useUploads } from "@/components/upload/upload-provider";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pager } from "@/components/ui/pager";
import { StatusBadge } from "@/components/ui/status-badge";
import { inputStyles, labelStyles } from "@/components/ui/styles";
import type { Asset } from "@/lib/assets/schemas";
import { formatBytes, formatDuration, formatTime } from "@/lib/client/format";
import { usePagedList } from "@/lib/client/use-paged-list";

const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

/** Fast while something is on its way to `ready` or `failed`, slow otherwise. */
const pollAssets = (assets: Asset[]) =>
  assets.some((asset) => asset.status === "waiting" || asset.status === "processing") ? 1000 : 5000;

export function AssetList() {
  const [searchInput, setSearchInput] = useState("");
  const [search, setSearch] = useState("");
  const { changes } = useUploads();
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const list = usePagedList<Asset>("/api/asset", { limit: String(PAGE_SIZE), search }, pollAssets);
  const { refresh } = list;
  useEffect(() => {
    if (changes > 0) refresh();
  }, [changes, refresh]);

  return (
    <section aria-labelledby="assets-heading" className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="assets-heading" className="text-lg font-semibold">
          Your assets
        </h2>
        <div className="sm:w-72">
          <label htmlFor="asset-search" className={labelStyles}>
            Search by name
          </label>
          <input
            id="asset-search"
            type="search"
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
            placeholder="e.g. holiday"
            className={`${inputStyles} mt-1`}
          />
        </div>
      </div>
      <ErrorAlert messages={list.errors} title="The assets could not be loaded" />
      <div aria-busy={list.loading} aria-live="polite">
        {list.items === null ? (
          list.errors.length === 0 && <p className="py-8 text-center text-sm text-slate-500">Loading assets…</p>
        ) : list.items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white py-10 text-center text-sm text-slate-600">
            {search ? `No asset names contain “${search}”.` : "No assets yet. Drop a video above to upload your first one."}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
            {list.items.map((asset) => (
              <AssetRow key={asset.id} asset={asset} />
            ))}
          </ul>
        )}
      </div>
      <Pager label="Asset pages" page={list.page} hasNext={list.hasNext} onPrevious={list.previous} onNext={list.next} />
    </section>
  );
}

function AssetRow({ asset }: { asset: Asset }) {
  return (
    <li className="grid gap-1 p-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-center sm:gap-4" data-asset-id={asset.id}>
      <div className="min-w-0">
        <Link
          href={`/assets/${asset.id}`}
          className="block truncate font-medium text-indigo-700 hover:underline"
          title={asset.name}
        >
          {asset.name}
        </Link>
        <p className="text-xs text-slate-500">{formatTime(asset.createdAt)}</p>
        {asset.errorMessage && <p className="mt-1 text-sm text-red-700">{asset.errorMessage}</p>}
      </div>
      <p className="text-xs text-slate-600 sm:text-right">
        {asset.size !== undefined && formatBytes(asset.size)}
        {asset.videoSpec && ` · ${formatDuration(asset.videoSpec.duration)}`}
      </p>
      <div>
        <StatusBadge status={asset.status} />
      </div>
    </li>
  );
}
