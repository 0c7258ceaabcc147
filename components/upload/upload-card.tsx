"use client";

import { ProgressBar } from "@/components/ui/progress-bar";
import { formatBytes, formatSecondsLeft } from "@/lib/client/format";
import { transferRate } from "@/lib/client/transfer-rate";
import { UploadActions } from "./upload-actions";
import { isRefused, percentOf, progressOf, type UploadItem } from "./upload-items";
import { UploadStatusText } from "./upload-status-text";

const TONES = {
  red: "border-red-300 bg-red-50",
  green: "border-green-200 bg-white",
  indigo: "border-slate-200 bg-white",
};

export function UploadCard({ item }: { item: UploadItem }) {
  const tone = isRefused(item) || item.phase === "stopped" ? "red" : item.phase === "ready" ? "green" : "indigo";

  return (
    <li className={`rounded-md border p-3 ${TONES[tone]}`} data-upload-status={item.phase}>
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 truncate text-sm font-medium" title={item.name}>
          {item.name}
        </p>
        <UploadActions item={item} />
      </div>
      {/* Refused before sending: there is no transfer to show, only the reason. */}
      {item.phase !== "refused" && (
        <>
          <div className="mt-2">
            <ProgressBar value={progressOf(item) / 100} label={`Upload of ${item.name}`} tone={tone} />
          </div>
          <TransferFigures item={item} />
        </>
      )}
      <UploadStatusText item={item} />
    </li>
  );
}

/** Percent, bytes sent of the file's size, and while sending its speed and time left. */
function TransferFigures({ item }: { item: UploadItem }) {
  const sent = Math.min(item.loaded, item.size);
  const rate = item.phase === "uploading" ? transferRate(sent, item.size, item.bytesPerSecond) : undefined;
  return (
    <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600">
      <span>{progressOf(item)}%</span>
      <span>
        {formatBytes(sent)} of {formatBytes(item.size)}
      </span>
      {rate?.bytesPerSecond !== undefined && <span data-testid="upload-speed">{formatBytes(rate.bytesPerSecond)}/s</span>}
      {rate?.secondsLeft !== undefined && <span data-testid="upload-time-left">{formatSecondsLeft(rate.secondsLeft)} left</span>}
      {item.resumedAt !== undefined && <span>resumed at {percentOf(item.resumedAt, item.size)}%</span>}
    </p>
  );
}
