import { randomUUID } from "node:crypto";
import { conflict, notFound, unprocessable } from "@/lib/api/errors";
import { findUserAsset } from "@/lib/db/assets";
import { insertTaskWithinCap } from "@/lib/db/tasks";
import { withinCapOrRefuse } from "@/lib/tasks/active-task-cap";
import { queueTask } from "@/lib/tasks/queue-task";
import type { Task } from "@/lib/tasks/schemas";
import { serializeTask } from "@/lib/tasks/serialize-task";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";
import { splitExportRequest } from "./export-params";
import type { ExportRequest } from "./schemas";
import { assertDestination } from "@/lib/outbound/assert-destination";

/** Checks an export request against the asset and the destinations, then queues the export task. */
export async function startExport(
  deps: TaskDeps,
  runner: TaskRunner,
  params: { userId: string; assetId: string; request: ExportRequest },
): Promise<Task> {
  const { request } = params;
  const asset = await findUserAsset(deps.db, params.userId, params.assetId);
  if (!asset) throw notFound("asset not found");
  if (asset.status !== "ready") throw conflict(`the asset is ${asset.status}; only a ready asset can be exported`);
  if (request.ipfs && !request.ipfs.pinning && !deps.config.pinataJwt) {
    throw unprocessable([
      "ipfs.pinning: no pinning credentials: give jwt, or apiKey and apiSecret (this server has no default PINATA_JWT)",
    ]);
  }
  if (request.custom) await assertDestination(request.custom.url, deps.config.exportAllowedHosts, "custom.url");
  const { params: exportParams, secrets } = splitExportRequest(request);
  const now = deps.now();
  const taskId = randomUUID();
  const limit = deps.config.maxActiveTasksPerUser;
  const inserted = await insertTaskWithinCap(deps.db, {
    id: taskId,
    userId: params.userId,
    type: "export",
    inputAssetId: asset.id,
    params: { export: exportParams },
    sealedSecrets: deps.sealedBox.seal(secrets, taskId),
    phase: "waiting",
    statusUpdatedAt: now,
    createdAt: now,
    updatedAt: now,
  }, limit);
  const task = withinCapOrRefuse(inserted, limit, () => conflict("the export could not be created"));
  await queueTask(deps, runner, task);
  return serializeTask(task);
}
