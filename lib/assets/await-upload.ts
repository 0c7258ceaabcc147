import { findTaskWithInputAsset } from "@/lib/db/tasks";
import { isFinal } from "@/lib/tasks/task-lifecycle";
import type { StepTools, TaskDeps } from "@/lib/tasks/types";
import { acceptDirectUpload, UPLOAD_CLAIM_TIMEOUT_MS } from "./accept-direct-upload";
import { failWaitingUpload } from "./fail-waiting-upload";

export const UPLOAD_EXPIRED_MESSAGE = "upload URL expired before a file was received";

/**
 * Stores check a URL's expiry when a PUT starts, so an upload begun just before it can land
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
      console.warn(`[task ${taskId}] checking for the upload failed:`, error instanceof Error ? error.message : error);
      return { next: "wait", ms: Math.ceil(backoff) };
    }
  }

  const now = deps.now();
  const deadline = asset.uploadExpiresAt + Math.min(GRACE_MS, lifetime);
  if (now >= deadline) {
    // Refused while an upload is being received (a reservation younger than the timeout).
    const expired = await failWaitingUpload(deps, asset.id, UPLOAD_EXPIRED_MESSAGE, now - UPLOAD_CLAIM_TIMEOUT_MS);
    return expired ? { next: "stop" } : { next: "wait", ms: Math.ceil(backoff) };
  }
  // Without direct uploads the service receives the file itself and queues the task, so the
  // deadline is the only thing to look at.
  return { next: "wait", ms: Math.ceil(uploads ? Math.min(backoff, deadline - now) : deadline - now) };
}
