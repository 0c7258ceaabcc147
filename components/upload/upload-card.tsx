"use client";

import { useEffect } from "react";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatBytes } from "@/lib/client/format";
import { UploadActions } from "./upload-actions";
import { percentOf, progressOf, type UploadItem } from "./upload-items";
import { useUploads } from "./upload-provider";
import { UploadStatusText } from "./upload-status-text";

/** How long a card stays after its asset became ready. */
const READY_LINGER_MS = 10_000;

const TONES = {
  red: "border-red-300 bg-red-50",
  green: "border-green-200 bg-white",
  indigo: "border-slate-200 bg-white",
};

export function UploadCard({ item }: { item: UploadItem }) {
  const { dismiss } = useUploads();
  const tone =
    item.phase === "failed" || item.phase === "stopped" ? "red" : item.phase === "ready" ? "green" : "indigo";
  const percent = progressOf(item);

  useEffect(() => {
    if (item.phase !== "ready") return;
    const timer = setTimeout(() => dismiss(item.key), READY_LINGER_MS);
    return () => clearTimeout(timer);
  }, [item.phase, item.key, dismiss]);

  return (
    <li className={`rounded-md border p-3 ${TONES[tone]}`} data-upload-status={item.phase}>
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 truncate text-sm font-medium" title={item.name}>
          {item.name}
        </p>
        <UploadActions item={item} />
      </div>
      <div className="mt-2">
        <ProgressBar value={percent / 100} label={`Upload of ${item.name}`} tone={tone} />
      </div>
      <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600">
        <span>{percent}%</span>
        <span>
          {formatBytes(Math.min(item.loaded, item.size))} of {formatBytes(item.size)}
        </span>
        {item.phase === "uploading" && item.bytesPerSecond > 0 && (
          <span data-testid="upload-speed">{formatBytes(item.bytesPerSecond)}/s</span>
        )}
        {item.resumedAt !== undefined && <span>resumed at {percentOf(item.resumedAt, item.size)}%</span>}
      </p>
      <UploadStatusText item={item} />
    </li>
  );
}
