import Link from "next/link";
import { isRefused, type UploadItem } from "./upload-items";

/** What is happening to the upload, in words; announced as it changes. */
export function UploadStatusText({ item }: { item: UploadItem }) {
  const red =
    isRefused(item) || item.phase === "stopped" || (item.phase === "interrupted" && item.messages.length > 0);
  return (
    <p aria-live="polite" className={`mt-1 text-xs ${red ? "text-red-700" : "text-slate-700"}`}>
      <StatusWords item={item} />
    </p>
  );
}

function StatusWords({ item }: { item: UploadItem }) {
  const reasons = item.messages.join("; ");
  switch (item.phase) {
    case "preparing":
      return "Preparing…";
    case "uploading":
      return "Uploading…";
    case "paused":
      return "Paused";
    case "retrying":
      return "Connection trouble: trying again…";
    case "offline":
      return "Offline: the upload goes on when the connection is back";
    case "interrupted":
      return reasons || "Interrupted: choose the same file again to resume";
    case "processing":
      return "Uploaded, now being checked…";
    case "ready":
      return (
        <>
          Ready.{" "}
          {item.assetId && (
            <Link href={`/assets/${item.assetId}`} className="font-medium text-indigo-700 underline">
              View asset<span className="sr-only"> {item.name}</span>
            </Link>
          )}
        </>
      );
    case "failed":
      return `Failed: ${reasons}`;
    case "refused":
      return `Not uploaded: ${reasons}`;
    case "stopped":
      return `Upload stopped: ${reasons}`;
    case "cancelled":
      return "Cancelled";
  }
}
