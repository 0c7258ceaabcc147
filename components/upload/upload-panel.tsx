"use client";

import Link from "next/link";
import { buttonStyles } from "@/components/ui/styles";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatBytes } from "@/lib/client/format";
import { DropZone } from "./drop-zone";
import { useUploads, type UploadItem } from "./upload-provider";

export function UploadPanel() {
  const { items, add } = useUploads();
  return (
    <section aria-labelledby="upload-heading" className="space-y-4">
      <h2 id="upload-heading" className="sr-only">
        Upload
      </h2>
      <DropZone onFiles={add} />
      {items.length > 0 && (
        <ul aria-label="Uploads" className="space-y-3">
          {items.map((item) => (
            <UploadRow key={item.key} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function UploadRow({ item }: { item: UploadItem }) {
  const { cancel, retry, dismiss } = useUploads();
  const fraction = item.total > 0 ? item.loaded / item.total : 0;
  const tone = item.status === "failed" ? "red" : item.status === "done" ? "green" : "indigo";
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm" data-upload-status={item.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 truncate text-sm font-medium" title={item.file.name}>
          {item.file.name}
        </p>
        <div className="flex gap-2">
          {item.status === "uploading" && (
            <button type="button" className={`${buttonStyles.secondary} px-2 py-1 text-xs`} onClick={() => cancel(item.key)}>
              Cancel<span className="sr-only"> upload of {item.file.name}</span>
            </button>
          )}
          {(item.status === "failed" || item.status === "cancelled") && (
            <button type="button" className={`${buttonStyles.secondary} px-2 py-1 text-xs`} onClick={() => retry(item.key)}>
              Retry<span className="sr-only"> upload of {item.file.name}</span>
            </button>
          )}
          {item.status !== "uploading" && (
            <button type="button" className={`${buttonStyles.ghost} px-2 py-1 text-xs`} onClick={() => dismiss(item.key)}>
              Dismiss<span className="sr-only"> {item.file.name}</span>
            </button>
          )}
        </div>
      </div>
      <div className="mt-2">
        <ProgressBar value={fraction} label={`Upload of ${item.file.name}`} tone={tone} />
      </div>
      <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600">
        <span>{Math.round(fraction * 100)}%</span>
        <span>
          {formatBytes(item.loaded)} of {formatBytes(item.total)}
        </span>
        {item.status === "uploading" && item.bytesPerSecond > 0 && (
          <span data-testid="upload-speed">{formatBytes(item.bytesPerSecond)}/s</span>
        )}
        <span aria-live="polite" className={item.status === "failed" ? "text-red-700" : undefined}>
          <UploadStatusText item={item} />
        </span>
      </p>
    </li>
  );
}

function UploadStatusText({ item }: { item: UploadItem }) {
  switch (item.status) {
    case "uploading":
      return item.assetId ? "Uploading…" : "Preparing…";
    case "cancelled":
      return "Cancelled";
    case "failed":
      return `Failed: ${item.errors.join("; ")}`;
    case "done":
      return (
        <>
          Uploaded, now being checked.{" "}
          {item.assetId && (
            <Link href={`/assets/${item.assetId}`} className="font-medium text-indigo-700 underline">
              View asset
            </Link>
          )}
        </>
      );
  }
}
