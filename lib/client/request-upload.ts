import type { Asset } from "@/lib/assets/schemas";
import type { Task } from "@/lib/tasks/schemas";
import { api, dataOf } from "./api";
import { plainAsset } from "./assets";

export interface CreatedUpload {
  asset: Asset;
  tusEndpoint: string;
  /** When the upload URL and the tus token expire. */
  expiresAt?: number;
}

/** A new `waiting` asset and the tus endpoint to send its file to. */
export async function requestUpload(name: string): Promise<CreatedUpload> {
  const data = await dataOf(api.POST("/api/asset/request-upload", { body: { name } }));
  return { asset: plainAsset(data.asset), tusEndpoint: data.tusEndpoint, expiresAt: uploadUrlExpiry(data.task) };
}

function uploadUrlExpiry(task: Task): number | undefined {
  const upload = task.params.upload;
  if (typeof upload !== "object" || upload === null || !("uploadUrlExpiresAt" in upload)) return undefined;
  return typeof upload.uploadUrlExpiresAt === "number" ? upload.uploadUrlExpiresAt : undefined;
}
