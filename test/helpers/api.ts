import fs from "node:fs";
import path from "node:path";
import * as assetById from "@/app/api/asset/[id]/route";
import * as requestUploadRoute from "@/app/api/asset/request-upload/route";
import * as keyList from "@/app/api/keys/route";
import * as assetList from "@/app/api/asset/route";
import { fetchHandlers as download } from "@/pages/api/storage/download/[assetId]";
import * as upload from "@/app/api/storage/upload/[assetId]/route";
import * as taskById from "@/app/api/task/[id]/route";
import * as taskList from "@/app/api/task/route";
import * as storageWebhook from "@/app/api/webhooks/storage/route";
import type { Asset } from "@/lib/assets/schemas";
import type { Task } from "@/lib/tasks/schemas";
import { callRoute, type CallOptions } from "./call-route";
import { lastBucketEvent, TEST_WEBHOOK_SECRET } from "./s3-server";
import { ORIGIN } from "./test-app";

export const routes = { assetById, requestUploadRoute, assetList, download, upload, taskById, taskList, keyList };

export const fixturePath = (name: string) => path.join(__dirname, "..", "fixtures", "media", name);
export const fixture = (name: string) => fs.readFileSync(fixturePath(name));

export interface UploadResponse {
  url: string;
  tusEndpoint: string;
  asset: Asset;
  task: Task;
}

export async function requestUpload(token: string, name = "My video"): Promise<UploadResponse> {
  const response = await callRoute(requestUploadRoute.POST, "/api/asset/request-upload", { token, json: { name } });
  if (response.status !== 200) throw new Error(`request-upload answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * PUTs bytes to an upload URL: through the local store's route, or straight to the S3 bucket
 * followed by the bucket's event notification to the storage webhook (as MinIO would send it).
 */
export function putUpload(url: string, body: CallOptions["body"], headers: Record<string, string> = {}) {
  if (new URL(url).origin !== ORIGIN) return putToBucket(url, body, headers);
  const assetId = new URL(url).pathname.split("/").at(-1)!;
  return callRoute(upload.PUT, url, { method: "PUT", body, params: { assetId }, headers });
}

export function getAsset(token: string, id: string) {
  return callRoute(assetById.GET, `/api/asset/${id}`, { token, params: { id } });
}

/** Polls the asset every 200 ms until `until` holds or `timeoutMs` passes; returns the last state seen. */
export async function pollAsset(
  token: string,
  id: string,
  until: (asset: { status: string }) => boolean,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const asset = await (await getAsset(token, id)).json();
    if (until(asset) || Date.now() > deadline) return asset;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function getTask(token: string, id: string) {
  return callRoute(taskById.GET, `/api/task/${id}`, { token, params: { id } });
}

async function putToBucket(url: string, body: CallOptions["body"], headers: Record<string, string>) {
  const response = await fetch(url, { method: "PUT", body, headers, duplex: "half" } as RequestInit);
  if (!response.ok) return response;
  const [bucket, ...key] = new URL(url).pathname.slice(1).split("/").map(decodeURIComponent);
  const event = await lastBucketEvent(bucket, key.join("/"));
  const notified = await callRoute(storageWebhook.POST, "/api/webhooks/storage", {
    json: event,
    headers: { authorization: `Bearer ${TEST_WEBHOOK_SECRET}` },
  });
  if (notified.status !== 200) throw new Error(`storage webhook answered ${notified.status}: ${await notified.text()}`);
  return response;
}
