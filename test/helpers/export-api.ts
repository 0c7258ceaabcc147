import * as exportRoute from "@/app/api/asset/[id]/export/route";
import * as retryRoute from "@/app/api/task/[id]/retry/route";
import type { App } from "@/lib/app/app";
import type { Asset } from "@/lib/assets/schemas";
import type { Task } from "@/lib/tasks/schemas";
import { fixture, getAsset, getTask, putUpload, requestUpload } from "./api";
import { callRoute } from "./call-route";

/** An uploaded, processed (`ready`) asset. */
export async function readyAsset(t: { app: App }, token: string, file = "h264-aac.mp4", name = "Export me"): Promise<Asset> {
  const { url, asset } = await requestUpload(token, name);
  const put = await putUpload(url, fixture(file), { "content-type": "video/mp4" });
  if (put.status !== 200) throw new Error(`upload answered ${put.status}`);
  await t.app.runner.idle();
  const ready: Asset = await (await getAsset(token, asset.id)).json();
  if (ready.status !== "ready") throw new Error(`asset is ${ready.status}: ${ready.errorMessage}`);
  return ready;
}

export function requestExport(token: string, assetId: string, body: unknown) {
  return callRoute(exportRoute.POST, `/api/asset/${assetId}/export`, { token, json: body, params: { id: assetId } });
}

/** Starts an export that must be accepted; returns its task as created. */
export async function startExport(token: string, assetId: string, body: unknown): Promise<Task> {
  const response = await requestExport(token, assetId, body);
  if (response.status !== 201) throw new Error(`export answered ${response.status}: ${await response.text()}`);
  return (await response.json()).task;
}

export function retryTask(token: string, taskId: string, body?: unknown) {
  return callRoute(retryRoute.POST, `/api/task/${taskId}/retry`, { token, method: "POST", json: body, params: { id: taskId } });
}

/** The task once the runner has nothing left to do. */
export async function settledTask(t: { app: App }, token: string, taskId: string): Promise<Task> {
  await t.app.runner.idle();
  return (await getTask(token, taskId)).json();
}
