import { z } from "zod";
import type { ZodOpenApiPathsObject, ZodOpenApiResponseObject } from "zod-openapi";
import {
  assetAnswerSchema,
  assetImportedSchema,
  importAssetSchema,
  listAssetsQuerySchema,
  requestUploadSchema,
  resumableUploadSchema,
  updateAssetSchema,
  uploadRequestedSchema,
} from "@/lib/assets/schemas";
import { clipCreatedSchema, createClipSchema } from "@/lib/clips/schemas";
import { exportRequestSchema } from "@/lib/export/schemas";
import { taskEnvelopeSchema } from "@/lib/tasks/schemas";
import { idempotent } from "./idempotency";
import { AUTHENTICATED, BEARER, errorResponses, JSON_BODY, jsonResponse, noContent, pageResponse, uuidPath } from "./responses";

const tags = ["Assets"];

const assetCountHeaders = z.object({
  "X-Total-Count": z.string().optional().meta({ description: "With `total=true`: how many assets match.", example: "1000000" }),
  "X-Total-Count-Exact": z.string().optional().meta({
    description: "With `total=true`: `false` when `X-Total-Count` is an estimate (past 10,000 assets, counting them would take a while).",
    example: "false",
  }),
});
const assetId = uuidPath("id", "The asset's id.");

const carBytes = (description: string): ZodOpenApiResponseObject => ({
  description,
  content: { "application/vnd.ipld.car": { schema: { type: "string", contentMediaType: "application/vnd.ipld.car" } } },
});

export const assetPaths: ZodOpenApiPathsObject = {
  "/api/asset/request-upload": {
    post: idempotent({
      tags,
      operationId: "requestUpload",
      summary: "Create an asset and the URLs to upload its file to",
      description:
        "Creates a `waiting` asset and its `pending` upload task. Send the file once, either with `PUT` to `url` or resumably with tus to `tusEndpoint`; both expire together.",
      security: BEARER,
      requestBody: { content: { "application/json": { schema: requestUploadSchema } } },
      responses: {
        200: jsonResponse("The upload URLs, the asset (`waiting`) and its upload task (`pending`).", uploadRequestedSchema),
        ...errorResponses([...AUTHENTICATED, ...JSON_BODY, 503]),
      },
    }),
  },
  "/api/asset/upload/url": {
    post: idempotent({
      tags,
      operationId: "importAsset",
      summary: "Create an asset from a URL: the service fetches the file",
      description:
        "Livepeer's import (`asset.createViaUrl`). The service GETs `url` through its address guard (public addresses only, unless `EXPORT_ALLOWED_HOSTS` lists the host; every redirect checked, at most 5), streams it to storage within `MAX_UPLOAD_BYTES`, then checks it as any upload: the asset ends `ready` or `failed` with the reason (`the source answered 404 Not Found`, `not a video: …`). Network errors, 408, 429 and 5xx are retried with backoff, resuming with `Range` where the source allows. The task's `params.upload.url` and the asset's `source.url` show the URL without its query or credentials. Cancel and retry as any task.",
      security: BEARER,
      requestBody: { content: { "application/json": { schema: importAssetSchema } } },
      responses: {
        201: jsonResponse("The asset (`waiting`, `source.type` `url`) and its upload task, which fetches the file.", assetImportedSchema),
        ...errorResponses([...AUTHENTICATED, ...JSON_BODY, 503], { 422: "An invalid field; also a URL the address guard refuses, naming `url`." }),
      },
    }),
  },
  "/api/clip": {
    post: idempotent({
      tags,
      operationId: "createClip",
      summary: "Cut a clip of an asset, as a new asset",
      description:
        "Livepeer's `createClip` (the SDK's `stream.createClip`), of one of your ready assets: times in milliseconds from the start of its video. The clip is a new asset (`waiting`, then `ready`; `source: {\"type\": \"clip\", \"sourceId\", \"playbackId\"}` naming the asset it was cut from; the same playback policy and ladder) whose first frame is the one shown at `startTime` and whose length is `endTime - startTime` within a frame: the whole GOPs between are copied, only the partial ones at the edges encoded again, the sound encoded to match. Its `clip` task shows the progress and, if the cut fails, why; the file is then checked as an upload (size, hashes, renditions).",
      security: BEARER,
      requestBody: { content: { "application/json": { schema: createClipSchema } } },
      responses: {
        200: jsonResponse("The clip's asset (`waiting`) and its `clip` task.", clipCreatedSchema),
        ...errorResponses([...AUTHENTICATED, ...JSON_BODY, 404, 409, 429, 503], {
          404: "No asset of yours has this playbackId (another user's is answered the same).",
          409: "The asset is not ready yet.",
          422: "An invalid field, named: times outside the video, `endTime` not after `startTime`, a wrong type.",
        }),
      },
    }),
  },
  "/api/asset": {
    get: {
      tags,
      operationId: "listAssets",
      summary: "List assets",
      description:
        "Sorted, filtered and searched across every asset of the caller, page by page: follow the `Link` header, whose cursor holds the order and filters of the first request.",
      security: BEARER,
      requestParams: { query: listAssetsQuerySchema },
      responses: {
        200: pageResponse("The caller's assets that match, in the order asked (newest first by default).", assetAnswerSchema, assetCountHeaders),
        ...errorResponses([...AUTHENTICATED, 400]),
      },
    },
  },
  "/api/asset/{id}": {
    get: {
      tags,
      operationId: "getAsset",
      summary: "Get an asset",
      security: BEARER,
      requestParams: { path: assetId },
      responses: { 200: jsonResponse("The asset.", assetAnswerSchema), ...errorResponses([...AUTHENTICATED, 404]) },
    },
    patch: {
      tags,
      operationId: "updateAsset",
      summary: "Rename an asset, change its playback policy or creator id",
      description:
        "Livepeer's update: only the given fields change. A new name sends `asset.updated`. A new `playbackPolicy` holds for every playback URL from the next request on: `jwt` makes viewers need a token signed with one of your signing keys.",
      security: BEARER,
      requestParams: { path: assetId },
      requestBody: { content: { "application/json": { schema: updateAssetSchema } } },
      responses: { 200: jsonResponse("The asset as it now is.", assetAnswerSchema), ...errorResponses([...AUTHENTICATED, ...JSON_BODY, 404]) },
    },
    delete: {
      tags,
      operationId: "deleteAsset",
      summary: "Delete an asset and its stored file",
      description:
        "Playback ends at once. An asset exported with `ipfs.unpinOnDelete` is `deleting` (out of lists) until its pins are removed, then gone; if an unpin finally fails it stays `deleting` with `errorMessage`, and a second DELETE tries again.",
      security: BEARER,
      requestParams: { path: assetId },
      responses: { 204: noContent("Deleted."), ...errorResponses([...AUTHENTICATED, 404]) },
    },
  },
  "/api/asset/{id}/car": {
    get: {
      tags,
      operationId: "getAssetCar",
      summary: "The asset as a CAR file, to pin anywhere",
      description:
        "A CARv1 whose single root is the asset's `cidv1` (its `hash` entry), blocks in a fixed order (UnixFS, 256 KiB raw leaves, balanced DAG of 174 links: Kubo's and Pinata's layout). `ipfs dag import` of it, or an upload to any pinning service that takes CARs, gives the same CID: see docs/export.md. With an API token or the dashboard's session, or without either through the asset's signed, short-lived `carUrl`. Answers `Range` requests.",
      security: [...BEARER, {}],
      requestParams: {
        path: assetId,
        query: z.object({
          key: z.string().optional().meta({ description: "Part of the signed `carUrl`: send it back as given." }),
          expires: z.string().optional().meta({ description: "Part of the signed `carUrl`: when it expires (ms since the epoch)." }),
          signature: z.string().optional().meta({ description: "Part of the signed `carUrl`: its HMAC." }),
        }),
        header: z.object({ Range: z.string().optional().meta({ example: "bytes=0-1023" }) }),
      },
      responses: {
        200: carBytes("The whole CAR, with `Content-Length`."),
        206: carBytes("The range asked for, with `Content-Range`."),
        416: noContent("The range is outside the CAR."),
        ...errorResponses([...AUTHENTICATED, 404, 409], {
          403: "The signed URL is not valid or has expired.",
          409: "The asset's CID is still being computed (an asset from before CIDs, waiting for the backfill).",
        }),
      },
    },
  },
  "/api/asset/{id}/tus": {
    get: {
      tags,
      operationId: "getResumableUpload",
      summary: "Get a waiting asset's tus endpoint again, to resume its upload",
      description:
        "The same `tusEndpoint` request-upload answered (and the upload's URL once a tus upload was created), so an upload can be resumed from a client that did not start it. Nothing is extended: it expires when the asset's upload does.",
      security: BEARER,
      requestParams: { path: assetId },
      responses: {
        200: jsonResponse("Where to resume the upload.", resumableUploadSchema),
        ...errorResponses([...AUTHENTICATED, 404, 409], { 409: "The asset no longer waits for its file, or its upload expired." }),
      },
    },
  },
  "/api/asset/{id}/upload-complete": {
    post: {
      tags,
      operationId: "reportUploadComplete",
      summary: "Report that the PUT to the upload URL finished",
      description: "For uploads straight to an S3 bucket without bucket notifications: the service checks the object and processes it.",
      security: BEARER,
      requestParams: { path: assetId },
      responses: {
        200: jsonResponse("The asset as it now is.", assetAnswerSchema),
        ...errorResponses([...AUTHENTICATED, 404, 409], { 409: "No file has been uploaded to the asset's upload URL yet, or the asset no longer waits for one." }),
      },
    },
  },
  "/api/asset/{id}/export": {
    post: idempotent({
      tags,
      operationId: "exportAsset",
      summary: "Export a ready asset to IPFS, to a URL of yours, or both",
      security: BEARER,
      requestParams: { path: assetId },
      requestBody: {
        content: {
          "application/json": {
            schema: exportRequestSchema,
            examples: {
              ipfs: { value: { ipfs: { pinning: { jwt: "eyJhbGciOi…" }, erc1155Metadata: { description: "My video" } } } },
              custom: { value: { custom: { url: "https://storage.example.com/videos/1.mp4", method: "PUT", headers: { Authorization: "Bearer …" } } } },
            },
          },
        },
      },
      responses: {
        201: jsonResponse("The export task, created.", taskEnvelopeSchema),
        ...errorResponses([...AUTHENTICATED, ...JSON_BODY, 404, 409, 503], { 409: "The asset is not `ready`." }),
      },
    }),
  },
};
