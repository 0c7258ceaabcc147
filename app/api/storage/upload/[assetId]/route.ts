import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { openCors, preflight } from "@/lib/api/cors";
import { notFound } from "@/lib/api/errors";
import { idParam } from "@/lib/api/ids";
import { methods } from "@/lib/api/methods";
import { withPublic } from "@/lib/app/with-user";
import { receiveLocalUpload } from "@/lib/assets/receive-local-upload";
import type { UploadReceived } from "@/lib/assets/schemas";
import { isLocalStore } from "@/lib/storage/local-store";

/** The local store's signed upload target. No token: the signature in the URL authorizes. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  PUT: openCors(
    withPublic(async ({ request, url, params, app }) => {
      if (!isLocalStore(app.storage)) throw notFound("no such endpoint");
      const length = request.headers.get("content-length");
      const body = request.body
        ? Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>)
        : Readable.from([]);
      const { size } = await receiveLocalUpload(app, app.runner, app.storage, {
        assetId: idParam(params.assetId, "asset"),
        url,
        contentLength: length !== null && /^\d+$/.test(length) ? Number(length) : undefined,
        body,
      });
      return Response.json({ size } satisfies UploadReceived);
    }),
  ),
  OPTIONS: preflight,
});
