import { metrics } from "@/lib/metrics/metrics";
import { conflict, DEPENDENCY_RETRY_AFTER_SECONDS, forbidden, notFound, payloadTooLarge } from "@/lib/api/errors";
import { TUS_PATH, tusUploadUrl, verifyTusToken } from "@/lib/assets/tus-token";
import { endTusUpload, finishReceivedTusUpload, startTusUpload, tusUploadState } from "@/lib/assets/tus-uploads";
import type { AssetRow } from "@/lib/db/schema";
import { UploadTooLargeError } from "@/lib/storage/local-store";
import { isUuid } from "@/lib/uuid";
import type { TusDeps } from "./tus-server";

export interface CheckedTusRequest {
  method: string;
  assetId: string;
  /** When the upload URL (and the token) expire: the upload's `Upload-Expires`. */
  expiresAt: number;
  /** The asset of an existing upload (HEAD, PATCH, DELETE). */
  asset?: AssetRow;
  /** Set when the request is answered here, without tus. */
  answer?: Response;
}

const TOKEN_REFUSALS = {
  missing: "the tus token is missing: use the tusEndpoint (and then the Location) that request-upload gave",
  invalid: "the tus token is not valid",
  expired: "the upload URL has expired",
};

/**
 * The checks before tus sees a request: a valid token for this asset (403), and the asset's single
 * upload slot (409) — taken at creation, held until the URL expires. A HEAD on an upload that is
 * complete says so, even after its bytes became the asset's file.
 */
export async function checkTusRequest(app: TusDeps, request: Request, origin: string): Promise<CheckedTusRequest> {
  const { method } = request;
  const url = new URL(request.url);
  const pathId = url.pathname.slice(TUS_PATH.length).replace(/^\//, "");
  // Not an operation of an upload's URL, whatever its token.
  if (method === "POST" && pathId) throw notFound("create uploads at the tus endpoint, not at an upload's URL");
  const token = url.searchParams.get("token");
  const verdict = verifyTusToken(app.uploadSigningSecret, token, app.now());
  if (!verdict.ok) throw forbidden(TOKEN_REFUSALS[verdict.reason]);
  const { assetId, expiresAt } = verdict;
  if (method === "POST") {
    const length = Number(request.headers.get("upload-length") ?? NaN);
    if (length > app.config.maxUploadBytes) throw payloadTooLarge(new UploadTooLargeError(app.config.maxUploadBytes).message);
    await startTusUpload(app, assetId, expiresAt, tusUploadUrl(origin, assetId, token!));
    return { method, assetId, expiresAt };
  }
  if (!isUuid(pathId)) throw notFound("no such upload: use the Location that the tus endpoint answered");
  if (pathId.toLowerCase() !== assetId) throw forbidden("this tus token is for another upload");
  const { asset, complete } = await tusUploadState(app, assetId);
  if (!complete) return { method, assetId, expiresAt, asset };
  if (method !== "HEAD") throw conflict("the upload is complete");
  const size = String((await app.storage.stat(asset.storageKey))?.size ?? 0);
  const headers = { "Tus-Resumable": "1.0.0", "Upload-Offset": size, "Upload-Length": size, "Cache-Control": "no-store" };
  return { method, assetId, expiresAt, answer: new Response(null, { status: 200, headers }) };
}

/**
 * tus's answer, completed: `Upload-Expires` on the creation and on every HEAD and PATCH of an unfinished upload, the slot given back when a
 * creation failed or an upload was terminated, an upload whose finish was cut short finished when asked where to resume, and the API's
 * error shape.
 */
export async function tusAnswer(app: TusDeps, request: CheckedTusRequest, response: Response, sentOffset?: string | null): Promise<Response> {
  const headers = new Headers(response.headers);
  const received = Number(headers.get("upload-offset")) - Number(sentOffset);
  if (request.method === "PATCH" && response.status === 204 && sentOffset && received > 0) metrics().uploadBytes.inc(received);
  if (request.method === "POST" && response.status >= 400) await releaseFailedCreation(app, request.assetId);
  if (request.method === "DELETE" && response.status === 204 && request.asset) await endTusUpload(app, request.asset);
  // Until the last byte, every answer says how long the upload may be resumed: the creation's
  // (which carries no Upload-Offset) included.
  const finished = headers.has("upload-length") && headers.get("upload-offset") === headers.get("upload-length");
  if (request.method === "HEAD" && response.status === 200 && finished) await finishReceivedTusUpload(app, request.assetId);
  if (response.status < 300 && request.method !== "DELETE" && !finished) {
    headers.set("Upload-Expires", new Date(request.expiresAt).toUTCString());
  }
  if (response.status < 400) return new Response(response.body, { status: response.status, headers });
  const said = (await response.text()).trim() || response.statusText;
  // tus itself never answers 503: a dependency is down (tus-server.ts), and comes back.
  if (response.status === 503) headers.set("Retry-After", String(DEPENDENCY_RETRY_AFTER_SECONDS));
  headers.set("Content-Type", "application/json");
  headers.delete("Content-Length");
  return new Response(JSON.stringify({ errors: [said] }), { status: response.status, headers });
}

async function releaseFailedCreation(app: TusDeps, assetId: string) {
  const state = await tusUploadState(app, assetId).catch(() => undefined);
  if (state && !state.complete) await endTusUpload(app, state.asset);
}
