import { conflict, unprocessable } from "@/lib/api/errors";
import type { Config } from "@/lib/config/config";
import { setIpfsOnReady, takeIpfsOnReady } from "@/lib/db/assets";
import type { Erc1155Metadata } from "@/lib/export/schemas";
import { startExport } from "@/lib/export/start-export";
import { log } from "@/lib/log/log";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";
import type { IpfsExportSpec } from "./schemas";

/**
 * Livepeer's `storage.ipfs` names no credentials: the export pins with the server's, so without
 * `PINATA_JWT` it is refused when asked rather than failing later.
 */
export function assertDefaultPinning(config: Config): void {
  if (!config.pinataJwt) {
    throw unprocessable([
      "storage.ipfs: this server has no default pinning credentials (PINATA_JWT); export with POST /api/asset/{id}/export and your own",
    ]);
  }
}

/** `storage.ipfs` on PATCH: exports a ready asset now, or once it is ready when it is still on its way. */
export async function exportToIpfs(
  deps: TaskDeps & { runner: TaskRunner },
  params: { userId: string; assetId: string; status: string },
  spec: IpfsExportSpec,
): Promise<void> {
  assertDefaultPinning(deps.config);
  if (params.status === "failed") throw conflict("the asset is failed; only a ready asset can be exported");
  // Set only while the asset is not ready yet; one that became ready meanwhile is exported now.
  if (params.status !== "ready" && (await setIpfsOnReady(deps.db, params.userId, params.assetId, { ...spec }))) return;
  await startExport(deps, deps.runner, { userId: params.userId, assetId: params.assetId, request: exportRequest(spec) });
}

/**
 * The upload task's last step: starts the export to IPFS asked at creation (or by a PATCH while
 * the file was on its way), once. A refusal (no credentials any more, the task cap) is logged: the
 * asset is ready all the same and can be exported again.
 */
export async function startAskedIpfsExport(deps: TaskDeps, asset: { id: string; userId: string }): Promise<string | null> {
  const spec = await takeIpfsOnReady(deps.db, asset.id);
  if (!spec || !deps.runner) return null;
  try {
    const task = await startExport(deps, deps.runner, { userId: asset.userId, assetId: asset.id, request: exportRequest(spec) });
    return task.id;
  } catch (error) {
    log.warn(`asset ${asset.id}`, "the export to IPFS asked with the asset could not start", error);
    return null;
  }
}

function exportRequest(spec: IpfsExportSpec) {
  return { ipfs: { pinning: undefined, erc1155Metadata: spec.nftMetadata as Erc1155Metadata | undefined, cidVersion: 1 as const, unpinOnDelete: false } };
}
