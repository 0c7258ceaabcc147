import type { UploadPhase, UploadState } from "@/lib/client/upload-session";

export interface UploadItem extends UploadState {
  key: string;
  name: string;
  size: number;
  /** See uploadFingerprint: how a file chosen again is recognised. */
  fingerprint: string;
  /** Absent on an upload listed again after a reload, until its file is chosen again. */
  file?: File;
}

const FINISHED: UploadPhase[] = ["ready", "failed", "refused", "cancelled"];
const SENDING: UploadPhase[] = ["preparing", "uploading", "retrying", "offline"];
/** Phases in which the upload can still be cancelled (its asset is deleted). */
const CANCELLABLE: UploadPhase[] = [
  "preparing",
  "uploading",
  "retrying",
  "paused",
  "offline",
  "interrupted",
  "stopped",
];

/** Refused by the service's check, or by the browser's before anything was sent. */
export const isRefused = (item: UploadItem) => item.phase === "failed" || item.phase === "refused";
export const isFinished = (item: UploadItem) => FINISHED.includes(item.phase);
export const isSending = (item: UploadItem) => SENDING.includes(item.phase);
export const isCancellable = (item: UploadItem) => CANCELLABLE.includes(item.phase);

export function percentOf(bytes: number, size: number): number {
  return size > 0 ? Math.floor((100 * bytes) / size) : 0;
}

/** Every byte has arrived from the processing phase on; a failed check does not undo that. */
export function progressOf(item: UploadItem): number {
  return ["processing", "ready", "failed"].includes(item.phase) ? 100 : percentOf(item.loaded, item.size);
}
