import { messagesOf } from "./api";
import { deleteAbandonedAsset, findAsset } from "./assets";
import { followAsset } from "./follow-asset";
import { requestUpload } from "./request-upload";
import { findSavedUpload, forgetUpload, saveUpload, saveUploadProgress } from "./saved-uploads";
import { SpeedMeter } from "./speed-meter";
import { startTransfer, type Transfer, type TransferEvents, type TransferTarget } from "./tus-transfer";
import { uploadFingerprint } from "./upload-fingerprint";

export type UploadPhase =
  | "preparing"
  /** The browser's check found what the service would refuse: nothing was sent. */
  | "refused"
  | "uploading"
  | "paused"
  /** A request failed; it is tried again after a while. */
  | "retrying"
  | "offline"
  /** Listed again after a reload: sending goes on once the same file is chosen again. */
  | "interrupted"
  /** Every byte arrived; the service is checking the file. */
  | "processing"
  | "ready"
  /** The asset failed its check. */
  | "failed"
  /** Sending stopped on an error that retries did not overcome. */
  | "stopped"
  | "cancelled";

export interface UploadState {
  phase: UploadPhase;
  /** Bytes sent so far. */
  loaded: number;
  bytesPerSecond: number;
  assetId?: string;
  /** Why sending stopped, or why the file was refused (by the browser's check or the service's). */
  messages: string[];
  /** The server's offset when the upload last went on from where it had stopped. */
  resumedAt?: number;
}

export interface UploadSession {
  pause(): void;
  resume(): void;
  /** Terminates the tus upload and deletes the asset. */
  cancel(): Promise<void>;
  /** Stops looking at the asset (its card is gone); nothing on the server changes. */
  dispose(): void;
}

/** Where a file goes: its asset, and that asset's tus endpoint (and upload, when resuming one). */
export interface UploadTarget {
  assetId: string;
  expiresAt?: number;
  transfer: TransferTarget;
}

/**
 * Uploads one file through tus and follows its asset to `ready` or `failed`, unless the browser's
 * check (pre-upload-check, loaded only then) finds it would be refused. A file uploaded
 * before (see saved-uploads) is resumed on the same asset from the server's offset, as is the
 * upload of a waiting asset given as `resuming` (see prepareAssetResume).
 */
export function startUploadSession(
  file: File,
  { userId, serverTranscodes }: { userId: string; serverTranscodes: boolean },
  onChange: (patch: Partial<UploadState>) => void,
  resuming?: UploadTarget,
): UploadSession {
  const fingerprint = uploadFingerprint(file, userId);
  const speed = new SpeedMeter();
  let transfer: Transfer | undefined;
  let stopFollowing: (() => void) | undefined;
  let assetId: string | undefined;
  let cancelled = false;
  const report = (patch: Partial<UploadState>) => {
    if (!cancelled) onChange(patch);
  };

  const follow = (id: string) => {
    report({ phase: "processing", loaded: file.size, bytesPerSecond: 0 });
    stopFollowing = followAsset(id, {
      onSettled: (asset) =>
        report(
          asset.status === "ready"
            ? { phase: "ready" }
            : { phase: "failed", messages: [asset.errorMessage ?? "the file was refused"] },
        ),
      onGone: () => report({ phase: "failed", messages: ["the asset was deleted"] }),
    });
  };

  /** Where to send the file: the saved upload of this file if its asset still waits, else a new one. */
  const prepare = async (): Promise<UploadTarget | undefined> => {
    if (resuming) return resuming;
    const saved = findSavedUpload(fingerprint);
    if (saved) {
      const asset = await findAsset(saved.assetId);
      if (asset?.status === "waiting") {
        report({ loaded: saved.sent });
        const transfer = { endpoint: saved.endpoint, uploadUrl: saved.uploadUrl };
        return { assetId: saved.assetId, expiresAt: saved.expiresAt, transfer };
      }
      forgetUpload(fingerprint);
      // The last byte arrived before the page went away: the upload is done already.
      if (asset && asset.status !== "failed") {
        assetId = asset.id;
        report({ assetId });
        follow(asset.id);
        return undefined;
      }
    }
    // Checked before an asset is made for it: a file dropped by mistake costs no request at all.
    const refusal = await (await import("./pre-upload-check")).refusalOf(file, serverTranscodes);
    if (refusal) report({ phase: "refused", messages: [refusal] });
    if (refusal || cancelled) return undefined;
    const created = await requestUpload(file.name);
    return { assetId: created.asset.id, expiresAt: created.expiresAt, transfer: { endpoint: created.tusEndpoint } };
  };

  const transferEvents = ({ assetId, expiresAt, transfer: { endpoint } }: UploadTarget): TransferEvents => {
    let sent = 0;
    let savedPercent = -1;
    return {
      onUploadUrl: (uploadUrl) =>
        saveUpload({
          fingerprint,
          userId,
          name: file.name,
          size: file.size,
          assetId,
          uploadUrl,
          endpoint,
          expiresAt,
          sent,
        }),
      onProgress: (bytes) => {
        sent = bytes;
        report({ phase: "uploading", loaded: sent, bytesPerSecond: speed.sample(sent) });
        // Saved once per percent: enough for the interrupted card, without a write per event.
        const percent = Math.floor((100 * sent) / file.size);
        if (percent !== savedPercent) saveUploadProgress(fingerprint, sent);
        savedPercent = percent;
      },
      onResumedAt: (offset) => {
        sent = offset;
        speed.reset();
        report({ phase: "uploading", loaded: offset, resumedAt: offset, bytesPerSecond: 0 });
      },
      onRetrying: () => report({ phase: "retrying", bytesPerSecond: 0 }),
      onOffline: () => report({ phase: "offline", bytesPerSecond: 0 }),
      onSuccess: () => {
        forgetUpload(fingerprint);
        follow(assetId);
      },
      onError: (messages) => report({ phase: "stopped", messages, bytesPerSecond: 0 }),
    };
  };

  const started = (async () => {
    try {
      const target = await prepare();
      if (!target) return;
      assetId = target.assetId;
      report({ assetId });
      if (cancelled) return;
      transfer = await startTransfer(file, target.transfer, transferEvents(target));
    } catch (error) {
      report({ phase: "stopped", messages: messagesOf(error), bytesPerSecond: 0 });
    }
  })();

  return {
    pause() {
      transfer?.pause();
      report({ phase: "paused", bytesPerSecond: 0 });
    },
    resume() {
      speed.reset();
      report({ phase: "uploading" });
      transfer?.resume();
    },
    async cancel() {
      cancelled = true;
      stopFollowing?.();
      onChange({ phase: "cancelled", bytesPerSecond: 0 });
      forgetUpload(fingerprint);
      await started;
      await transfer?.terminate().catch(() => {});
      if (assetId) await deleteAbandonedAsset(assetId);
    },
    dispose() {
      stopFollowing?.();
    },
  };
}
