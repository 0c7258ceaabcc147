"use client";

import Link from "next/link";
import { useEffect, useId, useMemo, useState } from "react";
import { useUploads } from "@/components/upload/upload-provider";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pager } from "@/components/ui/pager";
import { RelativeTime } from "@/components/ui/relative-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { buttonStyles, inputStyles, labelStyles } from "@/components/ui/styles";
import type { Asset } from "@/lib/assets/schemas";
import type { ListTotal } from "@/lib/client/api";
import { formatBytes, formatDuration } from "@/lib/client/format";
import { usePagedList } from "@/lib/client/use-paged-list";
import { useUrlQuery } from "@/lib/client/use-url-query";
import { BulkDelete } from "./bulk-delete";
import { BulkExportForm } from "./bulk-export";
import { Poster, posterUrlOf } from "./poster";
import { checkboxStyles, type Selection, useSelection } from "./use-selection";

const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

/** Fast while something is on its way to `ready` or `failed`, slow otherwise. */
const pollAssets = (assets: Asset[]) =>
  assets.some((asset) => asset.status === "waiting" || asset.status === "processing") ? 1000 : 5000;

type SortKey = "createdAt" | "name" | "size";
interface Sort {
  key: SortKey;
  descending: boolean;
}
// The API's orders (GET /api/asset?sort&order), sorted on the server across every asset.
const SORTS: Record<string, Sort & { label: string }> = {
  "createdAt-desc": { key: "createdAt", descending: true, label: "Newest first" },
  "createdAt-asc": { key: "createdAt", descending: false, label: "Oldest first" },
  "name-asc": { key: "name", descending: false, label: "Name, A to Z" },
  "name-desc": { key: "name", descending: true, label: "Name, Z to A" },
  "size-desc": { key: "size", descending: true, label: "Largest first" },
  "size-asc": { key: "size", descending: false, label: "Smallest first" },
};
/** Each order's first direction: names A to Z, the newest and the largest first. */
const defaultDescending = (key: SortKey) => key !== "name";
const STATUSES = ["waiting", "processing", "ready", "failed"] as const;

const SORT_KEYS: SortKey[] = ["createdAt", "name", "size"];
const oneOf = <T extends string>(values: readonly T[], value: string | null) => values.find((v) => v === value);

/** The list's state in the page's URL (`sort`, `order`, `status`, `search`), defaults left out. */
function useAssetQuery() {
  const { get, change } = useUrlQuery();
  const key = oneOf(SORT_KEYS, get("sort")) ?? "createdAt";
  const order = oneOf(["asc", "desc"] as const, get("order"));
  const descending = order ? order === "desc" : defaultDescending(key);
  const status = oneOf(STATUSES, get("status")) ?? "";
  const search = get("search")?.trim() ?? "";
  const setters = useMemo(
    () => ({
      setSort: (sort: Sort) =>
        change({
          sort: sort.key === "createdAt" ? undefined : sort.key,
          order: sort.descending === defaultDescending(sort.key) ? undefined : sort.descending ? "desc" : "asc",
        }),
      setStatus: (value: string) => change({ status: value || undefined }),
      // In place of the current entry: typing a word is one step back, not one per pause.
      setSearch: (value: string) => change({ search: value || undefined }, "replace"),
    }),
    [change],
  );
  return { sort: { key, descending }, status, search, ...setters };
}

const numberFormat = new Intl.NumberFormat("en");

/** "1,234 assets", or "About 1,000,000 assets" (two significant digits) for an estimate. */
function describeTotal(total: ListTotal, filtered: boolean): string {
  const count = total.exact ? total.count : Number(total.count.toPrecision(2));
  const noun = count === 1 ? (filtered ? "asset matches" : "asset") : filtered ? "assets match" : "assets";
  return `${total.exact ? "" : "About "}${numberFormat.format(count)} ${noun}`;
}

// Checkbox, poster, name, status, duration, size, created: one grid for the header and the rows.
const columns = "lg:grid-cols-[1.25rem_4rem_minmax(0,1fr)_6.5rem_4.5rem_5.5rem_8rem]";

/** `serverPinning`: the server has pinning credentials of its own (PINATA_JWT) for IPFS exports. */
export function AssetList({ serverPinning }: { serverPinning: boolean }) {
  const id = useId();
  const query = useAssetQuery();
  const { sort, status, search } = query;
  const { setSearch } = query;
  const [searchInput, setSearchInput] = useState(search);
  const { changes } = useUploads();
  // The URL changes under the field too (back button, a shared link): the field follows it.
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    if (searchInput.trim() !== search) setSearchInput(search);
  }
  useEffect(() => {
    const timer = setTimeout(() => {
      if (searchInput.trim() !== search) setSearch(searchInput.trim());
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput, search, setSearch]);

  const list = usePagedList<Asset>(
    "/api/asset",
    { limit: String(PAGE_SIZE), sort: sort.key, order: sort.descending ? "desc" : "asc", status, search },
    pollAssets,
    { withTotal: true },
  );
  const { refresh } = list;
  useEffect(() => {
    if (changes > 0) refresh();
  }, [changes, refresh]);
  const selection = useSelection(list.items ?? []);

  const sortId = `${sort.key}-${sort.descending ? "desc" : "asc"}`;
  const toggle = (key: SortKey) =>
    query.setSort({ key, descending: sort.key === key ? !sort.descending : defaultDescending(key) });
  const filtered = Boolean(status || search);

  return (
    <section aria-labelledby="assets-heading" className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="assets-heading" className="text-lg font-semibold">
            Your assets
          </h2>
          {list.total && (
            <p className="text-sm text-slate-600" data-testid="asset-total">
              {describeTotal(list.total, filtered)}
            </p>
          )}
        </div>
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
          <div className="sm:w-40">
            <label htmlFor={`${id}-status`} className={labelStyles}>
              Status
            </label>
            <select id={`${id}-status`} value={status} onChange={(e) => query.setStatus(e.target.value)} className={`${inputStyles} mt-1`}>
              <option value="">All statuses</option>
              {STATUSES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
          <div className="sm:w-44">
            <label htmlFor={`${id}-sort`} className={labelStyles}>
              Sort
            </label>
            <select id={`${id}-sort`} value={sortId} onChange={(e) => query.setSort(SORTS[e.target.value])} className={`${inputStyles} mt-1`}>
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
          <p className="py-6 text-center text-sm text-slate-600">{emptyMessage(status, search)}</p>
        ) : (
          <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
            <SelectionBar
              selection={selection}
              serverPinning={serverPinning}
              onDeleted={(failed) => {
                selection.replace(failed);
                refresh();
              }}
            />
            <div
              className={`hidden items-center gap-4 border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-medium uppercase tracking-wide text-slate-600 lg:grid ${columns}`}
            >
              {/* A plain cell each: sr-only text alone is positioned out of the grid's flow. */}
              <span>
                <span className="sr-only">Selected</span>
              </span>
              <span>
                <span className="sr-only">Poster</span>
              </span>
              <SortHeader label="Name" sortKey="name" sort={sort} onClick={() => toggle("name")} />
              <span>Status</span>
              <span className="text-right">Duration</span>
              <SortHeader label="Size" sortKey="size" sort={sort} onClick={() => toggle("size")} className="justify-self-end" />
              <SortHeader label="Created" sortKey="createdAt" sort={sort} onClick={() => toggle("createdAt")} />
            </div>
            <ul aria-label="Assets" className="divide-y divide-slate-200">
              {list.items.map((asset) => (
                <AssetRow
                  key={asset.id}
                  asset={asset}
                  selected={selection.has(asset)}
                  onSelectedChange={(selected) => selection.toggle(asset, selected)}
                />
              ))}
            </ul>
          </div>
        )}
      </div>
      <Pager label="Asset pages" page={list.page} hasNext={list.hasNext} onPrevious={list.previous} onNext={list.next} />
    </section>
  );
}

function SelectionBar({
  selection,
  serverPinning,
  onDeleted,
}: {
  selection: Selection;
  serverPinning: boolean;
  onDeleted(failed: Asset[]): void;
}) {
  const { selected, all, some } = selection;
  const [exporting, setExporting] = useState(false);
  const exportId = useId();
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-200 px-3 py-2">
        <label className="mt-2 inline-flex items-center gap-3 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={all}
            ref={(input) => {
              if (input) input.indeterminate = some && !all;
            }}
            onChange={(event) => selection.selectAll(event.target.checked)}
            className={checkboxStyles}
          />
          Select all on this page
          {some && <span className="text-slate-500">({selected.length} selected)</span>}
        </label>
        <div className="flex flex-wrap items-start gap-2">
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={!some}
            aria-expanded={exporting && some}
            aria-controls={exporting && some ? exportId : undefined}
            onClick={() => setExporting(!exporting)}
          >
            Export selected
          </button>
          <BulkDelete selected={selected} onDeleted={onDeleted} />
        </div>
      </div>
      {exporting && some && (
        <div id={exportId}>
          <BulkExportForm selected={selected} serverPinning={serverPinning} />
        </div>
      )}
    </>
  );
}

function emptyMessage(status: string, search: string): string {
  if (search && status) return `No ${status} assets have names that contain “${search}”.`;
  if (search) return `No asset names contain “${search}”.`;
  if (status) return `No assets are ${status}.`;
  return "No assets yet. Drop a video above to upload your first one.";
}

const ORDER_WORDS: Record<SortKey, [ascending: string, descending: string]> = {
  name: ["A to Z", "Z to A"],
  size: ["smallest first", "largest first"],
  createdAt: ["oldest first", "newest first"],
};

function SortHeader({
  label,
  sortKey,
  sort,
  onClick,
  className = "justify-self-start",
}: {
  label: string;
  sortKey: SortKey;
  sort: Sort;
  onClick(): void;
  className?: string;
}) {
  const active = sort.key === sortKey;
  const order = ORDER_WORDS[sortKey][sort.descending ? 1 : 0];
  return (
    <button
      type="button"
      onClick={onClick}
      className={`inline-flex items-center gap-1 uppercase tracking-wide hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 ${className}`}
    >
      {label}
      <span className="sr-only">{active ? `, sorted ${order}` : ", sort by this"}</span>
      <span aria-hidden="true">{active ? (sort.descending ? "↓" : "↑") : "↕"}</span>
    </button>
  );
}

function AssetRow({
  asset,
  selected,
  onSelectedChange,
}: {
  asset: Asset;
  selected: boolean;
  onSelectedChange(selected: boolean): void;
}) {
  const duration = asset.videoSpec && formatDuration(asset.videoSpec.duration);
  const size = asset.size !== undefined ? formatBytes(asset.size) : undefined;
  return (
    <li
      className={`grid grid-cols-[1.25rem_4rem_minmax(0,1fr)] items-center gap-x-3 gap-y-1 p-3 lg:gap-x-4 lg:py-2 ${columns}`}
      data-asset-id={asset.id}
    >
      <input
        type="checkbox"
        aria-label={`Select ${asset.name}`}
        checked={selected}
        onChange={(event) => onSelectedChange(event.target.checked)}
        className={`${checkboxStyles} row-span-3 lg:row-span-1`}
      />
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
