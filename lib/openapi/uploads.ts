import { z } from "zod";
import type { ZodOpenApiPathsObject, ZodOpenApiResponseObject } from "zod-openapi";
import { storageNotificationResultSchema, uploadReceivedSchema } from "@/lib/assets/schemas";
import { ALWAYS, errorResponses, jsonResponse, noContent, PUBLIC, uuidPath } from "./responses";

const tags = ["Uploads"];

const signedQuery = z.object({
  key: z.string().meta({ description: "Part of the signed URL: send it back as given." }),
  expires: z.string().meta({ description: "Part of the signed URL: when it expires (ms since the epoch)." }),
  max: z.string().optional().meta({ description: "Part of the signed URL: the most bytes it accepts." }),
  signature: z.string().meta({ description: "Part of the signed URL: its HMAC." }),
});

const tusToken = z.object({
  token: z.string().meta({ description: "The signed token of the asset, as `tusEndpoint` and `Location` carry it." }),
});

const tusResumable = z.object({ "Tus-Resumable": z.literal("1.0.0") });

const tusOffsetHeaders = z.object({
  "Tus-Resumable": z.literal("1.0.0"),
  "Upload-Offset": z.string().meta({ description: "How many bytes the server has." }),
  "Upload-Length": z.string().optional(),
  "Upload-Expires": z.string().optional().meta({ description: "When the unfinished upload (and its URL) expires, as an HTTP date." }),
});

const bytes = (type: string, description: string): ZodOpenApiResponseObject => ({
  description,
  content: { [type]: { schema: { type: "string", contentMediaType: type } } },
});

const uploadId = uuidPath("uploadId", "The upload's id (its asset's id), from the `Location` of its creation.");

export const uploadPaths: ZodOpenApiPathsObject = {
  "/api/storage/upload/{assetId}": {
    put: {
      tags,
      operationId: "putUpload",
      summary: "Upload the file to the signed URL (local storage)",
      description:
        "The `url` that request-upload answered, when files are kept on the server's disk (with S3 storage it is a presigned URL of the bucket instead). Single use; the signature in the URL authorizes, no token.",
      security: PUBLIC,
      requestParams: { path: uuidPath("assetId", "The asset's id."), query: signedQuery },
      requestBody: { content: { "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } } } },
      responses: {
        200: jsonResponse("Received: the asset moves to `processing`.", uploadReceivedSchema),
        ...errorResponses([...ALWAYS, 400, 403, 404, 409, 413], {
          400: "The upload was interrupted before the whole file arrived: PUT it again while the URL is valid.",
          409: "The URL was already used, or a resumable (tus) upload of the asset has started.",
          413: "The file is larger than `MAX_UPLOAD_BYTES`.",
        }),
      },
    },
  },
  "/api/storage/download/{assetId}": {
    get: {
      tags: ["Playback"],
      operationId: "downloadAsset",
      summary: "Download an asset's file (local storage)",
      description: "The signed, short-lived `downloadUrl` of a ready asset. Answers `Range` requests.",
      security: PUBLIC,
      requestParams: {
        path: uuidPath("assetId", "The asset's id."),
        query: signedQuery.omit({ max: true }),
        header: z.object({ Range: z.string().optional().meta({ example: "bytes=0-1023" }) }),
      },
      responses: {
        200: bytes("video/mp4", "The whole file."),
        206: bytes("video/mp4", "The range asked for, with `Content-Range`."),
        416: noContent("The range is outside the file."),
        ...errorResponses([...ALWAYS, 403, 404]),
      },
    },
  },
  "/api/asset/upload/tus": {
    post: {
      tags,
      operationId: "createTusUpload",
      summary: "Create a resumable upload (tus 1.0.0)",
      description:
        "At the `tusEndpoint` that request-upload answered. Extensions: creation, creation-with-upload, expiration, termination. Any tus client works.",
      security: PUBLIC,
      requestParams: {
        query: tusToken,
        header: tusResumable.extend({
          "Upload-Length": z.string().meta({ description: "The file's size in bytes." }),
          "Upload-Metadata": z.string().optional().meta({ description: "`filename` and `filetype`, base64 (the file is judged by its bytes)." }),
        }),
      },
      responses: {
        201: {
          description: "Created; `Location` is the upload's URL, carrying the token.",
          headers: tusOffsetHeaders.partial().extend({ Location: z.string() }),
        },
        ...errorResponses([...ALWAYS, 403, 404, 409, 413], {
          409: "The asset's file was already received, or an upload to its PUT URL has started.",
          413: "`Upload-Length` is larger than `MAX_UPLOAD_BYTES`.",
        }),
      },
    },
  },
  "/api/asset/upload/tus/{uploadId}": {
    head: {
      tags,
      operationId: "getTusUploadOffset",
      summary: "Where to resume: the upload's offset",
      security: PUBLIC,
      requestParams: { path: uploadId, query: tusToken, header: tusResumable },
      responses: { 200: { description: "The offset.", headers: tusOffsetHeaders }, ...errorResponses([...ALWAYS, 403, 404, 409]) },
    },
    patch: {
      tags,
      operationId: "patchTusUpload",
      summary: "Send bytes from the offset on",
      security: PUBLIC,
      requestParams: {
        path: uploadId,
        query: tusToken,
        header: tusResumable.extend({ "Upload-Offset": z.string(), "Content-Type": z.literal("application/offset+octet-stream") }),
      },
      requestBody: {
        content: { "application/offset+octet-stream": { schema: { type: "string", contentMediaType: "application/offset+octet-stream" } } },
      },
      responses: {
        204: { description: "Accepted; the new offset is in `Upload-Offset`. After the last byte the asset moves to `processing`.", headers: tusOffsetHeaders },
        ...errorResponses([...ALWAYS, 403, 404, 409, 413]),
      },
    },
    delete: {
      tags,
      operationId: "terminateTusUpload",
      summary: "Terminate the upload, freeing the asset's upload slot",
      security: PUBLIC,
      requestParams: { path: uploadId, query: tusToken, header: tusResumable },
      responses: { 204: noContent("Terminated."), ...errorResponses([...ALWAYS, 403, 404, 409]) },
    },
  },
  "/api/webhooks/storage": {
    post: {
      tags,
      operationId: "receiveStorageNotification",
      summary: "Receive the bucket's event notifications (S3 storage)",
      description:
        "S3 event notifications (via SNS or EventBridge) or MinIO webhooks; every object created at an asset's upload key completes its upload. Authorized by `STORAGE_WEBHOOK_SECRET`, as a bearer token or `?secret=`.",
      security: [{ storageWebhookSecret: [] }],
      requestBody: { content: { "application/json": { schema: { type: "object", description: "The notification, as the bucket sends it." } } } },
      responses: {
        200: jsonResponse("Handled.", storageNotificationResultSchema),
        ...errorResponses([...ALWAYS, 400, 401, 404, 413, 422], { 404: "Storage webhooks are not enabled (they need S3 storage and `STORAGE_WEBHOOK_SECRET`)." }),
      },
    },
  },
};
