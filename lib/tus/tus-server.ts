import { Server } from "@tus/server";
import { dependencyError, type ApiError } from "@/lib/api/errors";
import { publicOrigin } from "@/lib/api/origin";
import { TUS_PATH, tusUploadUrl, verifyTusToken } from "@/lib/assets/tus-token";
import { finishTusUpload } from "@/lib/assets/tus-uploads";
import { log } from "@/lib/log/log";
import { isNamedError } from "@/lib/named-error";
import type { TaskDeps, TaskRunner } from "@/lib/tasks/types";
import { isUuid } from "@/lib/uuid";
import { LeaseLocker } from "./lease-locker";

/** What a tus upload takes from the app: its last byte queues the asset's upload task. */
export type TusDeps = TaskDeps & { runner: TaskRunner };

const servers = new WeakMap<TusDeps, Server>();

/** The upload id of a tus request: the last path segment, an asset id (the token is in the query). */
function uploadIdOf(request: Request): string | undefined {
  const last = new URL(request.url).pathname.split("/").at(-1) ?? "";
  return isUuid(last) ? last.toLowerCase() : undefined;
}

/** The token of a request that the route has already verified. */
function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

/**
 * The app's tus server (@tus/server), built once: its uploads live in the app's store (one per
 * asset, named by the asset's id), its locks in the database, and its last byte makes the asset
 * `processing`. The route (app/api/asset/upload/tus) checks every request's token first.
 */
export function tusServerOf(app: TusDeps): Server {
  let server = servers.get(app);
  if (server) return server;
  server = new Server({
    path: TUS_PATH,
    datastore: app.storage.resumable.dataStore,
    locker: new LeaseLocker(app.db, app.now),
    maxSize: app.config.maxUploadBytes,
    exposedHeaders: ["Upload-Expires"],
    disableTerminationForFinishedUploads: true,
    namingFunction: (request) => {
      const token = verifyTusToken(app.uploadSigningSecret, tokenOf(request), app.now());
      if (!token.ok) throw { status_code: 403, body: "the tus token is not valid" };
      return token.assetId;
    },
    getFileIdFromRequest: uploadIdOf,
    generateUrl: (request, { id }) => tusUploadUrl(publicOrigin(request, app.config.appUrl), id, tokenOf(request)),
    onUploadFinish: async (_request, upload) => {
      try {
        await finishTusUpload(app, upload.id);
      } catch (error) {
        // tus answers a thrown Error with 500 and its message; a refusal is given as tus expects.
        if (isNamedError<ApiError>(error, "ApiError")) throw { status_code: error.status, body: error.message };
        throw error;
      }
      return {};
    },
    // tus answers whatever its store threw with a bare 500; a store or database that is down is
    // said as every other route says it (503 and why), so the client resumes once it is back.
    onResponseError: (_request, error) => {
      const refusal = dependencyError(error);
      if (!refusal) return undefined;
      log.warn("tus", `answered ${refusal.status}: ${refusal.messages[0]}`, error);
      return { status_code: refusal.status, body: refusal.messages[0] };
    },
  });
  servers.set(app, server);
  return server;
}
