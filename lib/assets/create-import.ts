import { assertDestination } from "@/lib/outbound/assert-destination";
import { insertUpload } from "@/lib/db/insert-upload";
import { gatewayCarUrl, parseIpfsUrl } from "@/lib/ipfs/ipfs-url";
import { hasHiddenParts, redactedSourceUrl } from "@/lib/import/source-url";
import { queueTask } from "@/lib/tasks/queue-task";
import type { Task } from "@/lib/tasks/schemas";
import { serializeTask } from "@/lib/tasks/serialize-task";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";
import { assetSourceKey } from "@/lib/storage/types";
import { uuidv7 } from "@/lib/uuid";
import { assertDefaultPinning } from "./ipfs-export";
import { generatePlaybackId } from "./playback-id";
import type { Asset, ImportAsset } from "./schemas";
import { assetUrlContext, serializeAsset } from "./serialize-asset";

/**
 * Livepeer's import from a URL: a `waiting` asset whose `source` is the URL, and its `upload`
 * task, queued at once, which fetches the file (lib/import) and then checks it as any upload. The
 * URL is checked against the SSRF guard now (422), and again at every connection. Its credentials
 * (userinfo, query) are sealed with the task and never shown.
 */
export async function createImport(
  deps: TaskDeps & { runner: TaskRunner },
  params: { userId: string; input: ImportAsset; origin: string },
): Promise<{ asset: Asset; task: Task }> {
  const { input } = params;
  const url = new URL(input.url);
  // An ipfs:// URL is fetched from the gateway, which the guard must let through.
  const fetched = parseIpfsUrl(url) ? gatewayCarUrl(deps.config.ipfsGatewayUrl, url).href : input.url;
  await assertDestination(fetched, deps.config.exportAllowedHosts, "url");
  const ipfsOnReady = input.storage?.ipfs;
  if (ipfsOnReady) assertDefaultPinning(deps.config);
  const now = deps.now();
  const assetId = uuidv7(now);
  const taskId = uuidv7(now);
  const shown = redactedSourceUrl(url);
  const { asset, task } = await insertUpload(deps.db, {
    assetId,
    taskId,
    userId: params.userId,
    playbackId: generatePlaybackId(),
    name: input.name,
    playbackPolicy: input.playbackPolicy?.type ?? "public",
    creatorId: input.creatorId ?? null,
    sourceUrl: shown,
    ipfsOnReady: ipfsOnReady ? { ...ipfsOnReady } : null,
    targetSegmentSecs: input.targetSegmentSizeSecs ?? null,
    profiles: input.profiles ?? null,
    staticMp4: input.staticMp4 ?? false,
    storageKey: assetSourceKey(assetId),
    // Nothing is ever uploaded to an import: its upload URLs are expired from the start.
    uploadExpiresAt: now,
    taskParams: { upload: { url: shown } },
    taskPhase: "waiting",
    taskSealedSecrets: hasHiddenParts(url) ? deps.sealedBox.seal({ url: input.url }, taskId) : null,
    taskRunAfter: now,
    createdAt: now,
  });
  await queueTask(deps, deps.runner, task);
  return { asset: await serializeAsset(asset, assetUrlContext(deps, params.origin)), task: serializeTask(task) };
}
