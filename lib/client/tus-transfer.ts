import type { DetailedError, Upload } from "tus-js-client";

const CHUNK_SIZE = 8 * 1024 * 1024;
/** Waits before automatic retries; tus starts the count again whenever a retry gets bytes through. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

export interface TransferTarget {
  /** The tus endpoint request-upload gave, where a new upload is created. */
  endpoint: string;
  /**
   * An upload created earlier (by this page or before a reload), resumed at the server's offset;
   * should the server no longer know it, tus creates a new one at the endpoint.
   */
  uploadUrl?: string;
}

export interface TransferEvents {
  onUploadUrl(url: string): void;
  onProgress(sent: number): void;
  /** The server's offset, each time the upload goes on from where it stopped. */
  onResumedAt(offset: number): void;
  /** A request failed; tus tries again after a while. */
  onRetrying(): void;
  /** The browser is offline: the transfer goes on by itself when the connection is back. */
  onOffline(): void;
  onSuccess(): void;
  onError(messages: string[]): void;
}

export interface Transfer {
  pause(): void;
  resume(): void;
  /** Stops and deletes the upload on the server (tus termination), which frees the asset's slot. */
  terminate(): Promise<void>;
}

/**
 * Sends a file with tus-js-client in 8 MiB chunks, retrying with backoff. The client library is
 * loaded only now, so that it is not part of the dashboard's first load.
 */
export async function startTransfer(file: File, target: TransferTarget, events: TransferEvents): Promise<Transfer> {
  const { Upload } = await import("tus-js-client");
  let waitingForNetwork: (() => void) | undefined;
  const stopWaiting = () => {
    if (waitingForNetwork) window.removeEventListener("online", waitingForNetwork);
    waitingForNetwork = undefined;
  };

  const upload: Upload = new Upload(file, {
    ...target,
    chunkSize: CHUNK_SIZE,
    retryDelays: RETRY_DELAYS_MS,
    // The name and date let a resume from another browser tell the same file from another (resume-asset-upload).
    metadata: { filename: file.name, filetype: file.type || "video/mp4", lastModified: String(file.lastModified) },
    // The dashboard keeps its own record of uploads to resume (saved-uploads), with the asset.
    storeFingerprintForResuming: false,
    onUploadUrlAvailable: () => {
      if (upload.url) events.onUploadUrl(upload.url);
    },
    onProgress: (sent) => events.onProgress(sent),
    onAfterResponse: (request, response) => {
      const offset = Number(response.getHeader("Upload-Offset"));
      if (request.getMethod() === "HEAD" && response.getStatus() === 200 && Number.isFinite(offset))
        events.onResumedAt(offset);
    },
    onShouldRetry: (error) => {
      const retry = isWorthRetrying(error);
      if (retry) events.onRetrying();
      return retry;
    },
    onSuccess: () => events.onSuccess(),
    onError: (error) => {
      // tus gives up at once while the browser says it is offline; "online" takes it up again.
      if (!navigator.onLine) {
        waitingForNetwork = () => {
          waitingForNetwork = undefined;
          upload.start();
        };
        window.addEventListener("online", waitingForNetwork, { once: true });
        return events.onOffline();
      }
      events.onError(transferErrorMessages(error));
    },
  });
  upload.start();

  return {
    pause() {
      stopWaiting();
      upload.abort();
    },
    resume() {
      stopWaiting();
      upload.start();
    },
    terminate() {
      stopWaiting();
      return upload.abort(true);
    },
  };
}

/** Deletes an upload on the server that no page is sending any more (one listed as interrupted). */
export async function terminateUpload(uploadUrl: string): Promise<void> {
  const { Upload } = await import("tus-js-client");
  await Upload.terminate(uploadUrl, { retryDelays: RETRY_DELAYS_MS.slice(0, 3) });
}

/**
 * tus-js-client's own rule (no answer, a 5xx, 409 or 423, while the browser is online), except
 * that a 409 is retried only on a PATCH (an offset mismatch): on creation it means the asset's
 * single upload slot is taken, which waiting does not change.
 */
function isWorthRetrying(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  const conflict = status === 409 && error.originalRequest.getMethod() === "PATCH";
  return (status < 400 || status >= 500 || conflict || status === 423) && navigator.onLine;
}

function transferErrorMessages(error: Error | DetailedError): string[] {
  if (!("originalRequest" in error)) return [error.message];
  const response = error.originalResponse;
  if (!response) return ["the connection to the service was lost"];
  try {
    const body: unknown = JSON.parse(response.getBody());
    if (typeof body === "object" && body !== null && "errors" in body && Array.isArray(body.errors))
      return body.errors.map(String);
  } catch {
    // Not the API's JSON error shape (a proxy's error page, for example).
  }
  return [`the service refused the upload (HTTP ${response.getStatus()})`];
}
