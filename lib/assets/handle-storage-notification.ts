import type { DirectUploads } from "@/lib/storage/types";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";
import { acceptDirectUpload } from "./accept-direct-upload";
import { parseStorageNotification } from "./storage-notifications";
import { log } from "@/lib/log/log";
import type { StorageNotificationResult } from "./schemas";

/**
 * A bucket event notification: every object created at an asset's upload key is accepted like
 * any other completion signal. Objects that are not uploads of ours are ignored.
 */
export async function handleStorageNotification(
  deps: TaskDeps & { runner: TaskRunner },
  uploads: DirectUploads,
  body: unknown,
): Promise<StorageNotificationResult> {
  const notification = parseStorageNotification(body);
  if (notification.subscribeUrl) {
    log.info("storage webhook", `confirm the SNS subscription by opening ${notification.subscribeUrl}`);
  }
  let handled = 0;
  let ignored = notification.ignored;
  for (const object of notification.created) {
    const assetId = uploads.assetIdOf(object.bucket, object.key);
    if (!assetId) {
      ignored++;
      continue;
    }
    handled++;
    const outcome = await acceptDirectUpload(deps, uploads, assetId);
    if (outcome.kind === "accepted") await deps.runner.enqueue(outcome.task);
  }
  return { handled, ignored };
}
