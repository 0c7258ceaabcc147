import { findTaskWithInputAsset } from "@/lib/db/tasks";
import { log } from "@/lib/log/log";
import { isFinal } from "@/lib/tasks/task-lifecycle";
import type { StepTools, TaskDeps } from "@/lib/tasks/types";
import { acceptDirectUpload } from "./accept-direct-upload";
import { failWaitingUpload } from "./fail-waiting-upload";
import { UPLOAD_LEASE_MS } from "./upload-claim";

export const UPLOAD_EXPIRED_MESSAGE = "upload URL expired before a file was received";

/**
 * S3 checks a URL's expiry when a PUT starts, so a direct upload begun just before it can land
 * after it: keep looking this much longer (never more than the URL's own lifetime).
 */
const GRACE_MS = 15 * 60_000;
const FIRST_DELAY_MS = 1000;
const BACKOFF_FACTOR = 1.5;
const MAX_DELAY_MS = 30_000;
/** Long lifetimes stretch the longest wait so a watch stays within a few hundred steps (Inngest caps steps per run). */
const CHECKS_PER_LIFETIME = 200;

type Check = { next: "process" } | { next: "stop" } | { next: "wait"; ms: number };

/**
 * When a new upload's task is first due: nothing can have arrived at creation. A direct upload
 * (S3) is first looked for after FIRST_DELAY_MS; the service sees its own uploads arrive (and
 * queues the task then), so otherwise the first look is at the URL's expiry.
 */
export function firstUploadCheckAt(upload: { createdAt: number; expiresAt: number }, directUploads: boolean): number {
  return directUploads ? upload.createdAt + FIRST_DELAY_MS : upload.expiresAt;
}

/**
 * The upload task's wait for its file, run while the task is still `pending`: checks for the
 * upload with backoff until the URL has expired (plus grace), then fails the asset with
 * UPLOAD_EXPIRED_MESSAGE. Returns whether this run goes on to process the file.
 *
 * Every signal that accepts the upload queues the task, and each queueing is a run of its own
 * (an Inngest event; on the inline runner, a rerun that also cuts this run's sleep short). So a
 * run that finds the task queued at its first check processes it, and one that finds it queued
 * after sleeping leaves it to the newer run.
 */
export async function awaitUpload(taskId: string, step: StepTools, deps: TaskDeps): Promise<boolean> {
  for (let n = 0; ; n++) {
    const check = await step.run(`check-upload-${n}`, () => checkUpload(deps, taskId, n));
    if (check.next !== "wait") return check.next === "process";
    await step.sleep(`wait-for-upload-${n}`, check.ms);
  }
}

async function checkUpload(deps: TaskDeps, taskId: string, n: number): Promise<Check> {
  const found = await findTaskWithInputAsset(deps.db, taskId);
  if (!found || isFinal(found.task.phase) || !found.task.inputAssetId) return { next: "stop" };
  if (found.task.phase !== "pending") return { next: n === 0 ? "process" : "stop" };
  const asset = found.inputAsset;
  if (!asset || asset.status !== "waiting") return { next: "stop" };

  const lifetime = Math.max(0, asset.uploadExpiresAt - asset.createdAt);
  const backoff = Math.min(FIRST_DELAY_MS * BACKOFF_FACTOR ** n, Math.max(MAX_DELAY_MS, lifetime / CHECKS_PER_LIFETIME));
  const uploads = deps.storage.directUploads;
  if (uploads) {
    try {
      const outcome = await acceptDirectUpload(deps, uploads, asset.id);
      if (outcome.kind === "accepted") return { next: "process" };
      if (outcome.kind === "rejected") return { next: "stop" };
    } catch (error) {
      // The store may be briefly unreachable; the next check tries again.
      log.warn(`task ${taskId}`, "checking for the upload failed", error);
      return { next: "wait", ms: Math.ceil(backoff) };
    }
  }

  const now = deps.now();
  // The service sees every byte of its own uploads, so they fail at expiry; direct uploads get grace.
  const deadline = asset.uploadExpiresAt + (uploads ? Math.min(GRACE_MS, lifetime) : 0);
  if (now >= deadline) {
    // Refused while an upload begun before expiry is still being received (its claim is live).
    const expired = await failWaitingUpload(deps, asset.id, UPLOAD_EXPIRED_MESSAGE, { unlessClaimed: true });
    return expired ? { next: "stop" } : { next: "wait", ms: uploads ? Math.ceil(backoff) : UPLOAD_LEASE_MS };
  }
  // Without direct uploads the service receives the file itself and queues the task, so the
  // deadline is the only thing to look at.
  return { next: "wait", ms: Math.ceil(uploads ? Math.min(backoff, deadline - now) : deadline - now) };
}
