import { findAsset, updateAsset } from "@/lib/db/assets";
import type { TaskRow } from "@/lib/db/schema";
import { findTask, incrementTaskRetries } from "@/lib/db/tasks";
import { NonRetriableError, writerOf, type StepTools, type TaskDeps } from "@/lib/tasks/types";
import { parseIpfsUrl } from "@/lib/ipfs/ipfs-url";
import { fetchIpfsSource } from "./fetch-ipfs";
import { fetchSource, type FetchOutcome } from "./fetch-source";

/** Attempts at fetching the source: the first and four retries, as every step gets. */
const MAX_ATTEMPTS = 5;
const FIRST_RETRY_MS = 1000;

/** The URL an upload task imports its file from (`params.upload.url`, shown without credentials); undefined for an upload by a client. */
export function importUrlOf(task: Pick<TaskRow, "params">): string | undefined {
  const upload = task.params.upload;
  if (typeof upload !== "object" || upload === null || !("url" in upload)) return undefined;
  return typeof upload.url === "string" ? upload.url : undefined;
}

/**
 * The import's part of the upload task: fetches the source into the asset's file, each attempt a
 * step of its own (`fetch-source-N`), with a durable wait between them (`wait-for-source-N`):
 * backoff, or what the source's `Retry-After` asked. Then the asset is `processing` and the usual
 * check follows. The last attempt's reason fails the task.
 */
export async function importSource(taskId: string, step: StepTools, deps: TaskDeps): Promise<void> {
  // IMPORT_TIMEOUT counts from the first attempt, through every retry and wait.
  const startedAt = await step.run("start-import", async () => deps.now());
  const deadline = startedAt + deps.config.importTimeoutSeconds * 1000;
  for (let n = 0; ; n++) {
    const outcome: FetchOutcome = await step.run(`fetch-source-${n}`, () => attempt(deps, taskId, n, deadline));
    if (outcome.stored) break;
    if (n + 1 >= MAX_ATTEMPTS) throw new NonRetriableError(outcome.reason);
    await step.sleep(`wait-for-source-${n}`, outcome.retryAfterMs ?? FIRST_RETRY_MS * 2 ** n);
  }
  await step.run("record-fetched", async () => {
    const { asset } = await importOf(deps, taskId);
    await updateAsset(deps.db, asset.id, { status: "processing", updatedAt: deps.now() });
    return true;
  });
}

/** The task and its asset, from the database (never from a step's result). */
async function importOf(deps: TaskDeps, taskId: string) {
  const task = await findTask(deps.db, taskId);
  if (!task) throw new NonRetriableError("the task was deleted");
  const asset = task.inputAssetId ? await findAsset(deps.db, task.inputAssetId) : undefined;
  if (!asset) throw new NonRetriableError("the asset was deleted");
  return { task, asset };
}

async function attempt(deps: TaskDeps, taskId: string, n: number, deadline: number): Promise<FetchOutcome> {
  const { task, asset } = await importOf(deps, taskId);
  const shown = importUrlOf(task);
  if (!shown) throw new NonRetriableError("the task was deleted");
  if (deps.now() >= deadline) throw new NonRetriableError(`the import took longer than IMPORT_TIMEOUT (${deps.config.importTimeoutSeconds} s)`);
  if (n > 0) await incrementTaskRetries(deps.db, taskId, deps.now(), writerOf(deps));
  // A retried import's asset failed the first time: it waits for its file again.
  if (asset.status === "failed") await updateAsset(deps.db, asset.id, { status: "waiting", errorMessage: null, detectedFormat: null, updatedAt: deps.now() });
  const job = { assetId: asset.id, taskId, url: new URL(sealedUrl(deps, task) ?? shown), key: asset.storageKey, deadline };
  const ipfs = parseIpfsUrl(job.url);
  return ipfs ? fetchIpfsSource(deps, job, ipfs) : fetchSource(deps, job);
}

/** The URL with its credentials, kept sealed while the task runs; null when it had none. */
function sealedUrl(deps: TaskDeps, task: TaskRow): string | null {
  if (!task.sealedSecrets) return null;
  const secrets = deps.sealedBox.open(task.sealedSecrets, task.id) as { url?: unknown };
  return typeof secrets.url === "string" ? secrets.url : null;
}
