"use client";

import Link from "next/link";
import { useEffect, useId, useState } from "react";
import { useUploads } from "@/components/upload/upload-provider";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pager } from "@/components/ui/pager";
import { RelativeTime } from "@/components/ui/relative-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { inputStyles, labelStyles } from "@/components/ui/styles";
import type { Asset } from "@/lib/assets/schemas";
import { formatBytes, formatDuration } from "@/lib/client/format";
import { usePagedList } from "@/lib/client/use-paged-list";
import { Poster, posterUrlOf } from "./poster";

const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

/** Fast while something is on its way to `ready` or `failed`, slow otherwise. */
const pollAssets = (assets: Asset[]) =>
  assets.some((asset) => asset.status === "waiting" || asset.status === "processing") ? 1000 : 5000;

type SortKey = "created" | "name";
interface Sort {
  key: SortKey;
  descending: boolean;
}
const SORTS: Record<string, Sort & { label: string }> = {
  "created-desc": { key: "created", descending: true, label: "Newest first" },
  "created-asc": { key: "created", descending: false, label: "Oldest first" },
  "name-asc": { key: "name", descending: false, label: "Name, A to Z" },
  "name-desc": { key: "name", descending: true, label: "Name, Z to A" },
};
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** Sorts within the page: the API pages newest first and has no other order. */
function sorted(assets: Asset[], sort: Sort): Asset[] {
  const compare = (a: Asset, b: Asset) => (sort.key === "name" ? collator.compare(a.name, b.name) : a.createdAt - b.createdAt);
  return [...assets].sort((a, b) => (sort.descending ? -compare(a, b) : compare(a, b)));
}

// Poster, name, status, duration, size, created: one grid for the header and the rows.
const columns = "lg:grid-cols-[4rem_minmax(0,1fr)_6.5rem_4.5rem_5.5rem_8rem]";

export function AssetList() {
  const id = useId();
  const [searchInput, setSearchInput] = useState("");
  const [search, setSearch] = useState("");
  const [sortId, setSortId] = useState("created-desc");
  const sort = SORTS[sortId];
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

  const toggle = (key: SortKey) =>
    setSortId(sort.key === key ? `${key}-${sort.descending ? "asc" : "desc"}` : key === "name" ? "name-asc" : "created-desc");

  return (
    <section aria-labelledby="assets-heading" className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="assets-heading" className="text-lg font-semibold">
          Your assets
        </h2>
        <div className="flex flex-col gap-3 sm:flex-row">
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
          <div className="sm:w-44">
            <label htmlFor={`${id}-sort`} className={labelStyles}>
              Sort
            </label>
            <select id={`${id}-sort`} value={sortId} onChange={(e) => setSortId(e.target.value)} className={`${inputStyles} mt-1`}>
              {Object.entries(SORTS).map(([value, { label }]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <ErrorAlert messages={list.errors} title="The assets could not be loaded" />
      <div aria-busy={list.loading} aria-live="polite">
        {list.items === null ? (
          list.errors.length === 0 && <p className="py-8 text-center text-sm text-slate-500">Loading assets…</p>
        ) : list.items.length === 0 ? (
          // Plain text, not a second dashed box under the drop zone's.
          <p className="py-6 text-center text-sm text-slate-600">
            {search ? `No asset names contain “${search}”.` : "No assets yet. Drop a video above to upload your first one."}
          </p>
        ) : (
          <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
            <div
              className={`hidden items-center gap-4 border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-medium uppercase tracking-wide text-slate-600 lg:grid ${columns}`}
            >
              <span className="sr-only">Poster</span>
              <SortHeader label="Name" active={sort.key === "name"} descending={sort.descending} onClick={() => toggle("name")} />
              <span>Status</span>
              <span className="text-right">Duration</span>
              <span className="text-right">Size</span>
              <SortHeader label="Created" active={sort.key === "created"} descending={sort.descending} onClick={() => toggle("created")} />
            </div>
            <ul aria-label="Assets" className="divide-y divide-slate-200">
              {sorted(list.items, sort).map((asset) => (
                <AssetRow key={asset.id} asset={asset} />
              ))}
            </ul>
          </div>
        )}
      </div>
      <Pager label="Asset pages" page={list.page} hasNext={list.hasNext} onPrevious={list.previous} onNext={list.next} />
    </section>
  );
}

function SortHeader({ label, active, descending, onClick }: { label: string; active: boolean; descending: boolean; onClick(): void }) {
  const order = label === "Name" ? (descending ? "Z to A" : "A to Z") : descending ? "newest first" : "oldest first";
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex items-center gap-1 justify-self-start uppercase tracking-wide hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {label}
      <span className="sr-only">{active ? `, sorted ${order}` : ", sort by this"}</span>
      <span aria-hidden="true">{active ? (descending ? "↓" : "↑") : "↕"}</span>
    </button>
  );
}

function AssetRow({ asset }: { asset: Asset }) {
  const duration = asset.videoSpec && formatDuration(asset.videoSpec.duration);
  const size = asset.size !== undefined ? formatBytes(asset.size) : undefined;
  return (
    <li
      className={`grid grid-cols-[4rem_minmax(0,1fr)] items-center gap-x-3 gap-y-1 p-3 lg:gap-x-4 lg:py-2 ${columns}`}
      data-asset-id={asset.id}
    >
      <Poster url={posterUrlOf(asset)} className="row-span-3 h-9 w-16 lg:row-span-1" />
      <div className="min-w-0">
        <Link href={`/assets/${asset.id}`} className="block truncate font-medium text-indigo-700 hover:underline" title={asset.name}>
          {asset.name}
        </Link>
        {asset.errorMessage && <p className="mt-0.5 truncate text-xs text-red-700" title={asset.errorMessage}>{asset.errorMessage}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 lg:contents">
        <span className="lg:text-sm">
          <StatusBadge status={asset.status} />
        </span>
        <span className="lg:text-right lg:text-sm">
          {duration ?? <span className="hidden lg:inline" aria-hidden="true">–</span>}
        </span>
        <span className="lg:text-right lg:text-sm">{size ?? <span className="hidden lg:inline" aria-hidden="true">–</span>}</span>
        <RelativeTime millis={asset.createdAt} className="lg:text-sm" />
      </div>
    </li>
  );
}
