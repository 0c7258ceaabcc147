import type { Asset } from "@/lib/assets/schemas";
import { apiRequest, ApiRequestError } from "./api";

export interface UploadProgress {
  loaded: number;
  total: number;
  /** Bytes per second over the last few seconds. */
  bytesPerSecond: number;
}

export interface UploadHandlers {
  onAsset(asset: Asset): void;
  onProgress(progress: UploadProgress): void;
}

export interface RunningUpload {
  /** Resolves once the file is stored and the service has been told. */
  done: Promise<void>;
  abort(): void;
}

const SPEED_WINDOW_MS = 3000;

/**
 * Asks for a one-time upload URL, PUTs the file straight to it (XMLHttpRequest, for upload
 * progress events), then reports completion, which lets S3 uploads be noticed at once.
 */
export function uploadFile(file: File, handlers: UploadHandlers): RunningUpload {
  const controller = new AbortController();
  let xhr: XMLHttpRequest | undefined;

  const done = (async () => {
    const { data } = await apiRequest<{ url: string; asset: Asset }>("/api/asset/request-upload", {
      json: { name: file.name },
      signal: controller.signal,
    });
    handlers.onAsset(data.asset);
    controller.signal.throwIfAborted();
    xhr = new XMLHttpRequest();
    await put(xhr, data.url, file, handlers.onProgress);
    await apiRequest(`/api/asset/${data.asset.id}/upload-complete`, { method: "POST", signal: controller.signal });
  })();

  return {
    done,
    abort() {
      controller.abort();
      xhr?.abort();
    },
  };
}

function put(xhr: XMLHttpRequest, url: string, file: File, onProgress: UploadHandlers["onProgress"]): Promise<void> {
  const samples: Array<{ at: number; loaded: number }> = [];
  return new Promise((resolve, reject) => {
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", file.type || "video/mp4");
    xhr.upload.onprogress = (event) => {
      const at = performance.now();
      samples.push({ at, loaded: event.loaded });
      while (samples.length > 2 && at - samples[0].at > SPEED_WINDOW_MS) samples.shift();
      const first = samples[0];
      const elapsed = (at - first.at) / 1000;
      onProgress({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : file.size,
        bytesPerSecond: elapsed > 0 ? (event.loaded - first.loaded) / elapsed : 0,
      });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress({ loaded: file.size, total: file.size, bytesPerSecond: 0 });
        resolve();
      } else {
        reject(new ApiRequestError(xhr.status, putErrorMessages(xhr)));
      }
    };
    xhr.onerror = () => reject(new ApiRequestError(0, ["the upload was interrupted (network error)"]));
    xhr.onabort = () => reject(new DOMException("the upload was cancelled", "AbortError"));
    xhr.send(file);
  });
}

function putErrorMessages(xhr: XMLHttpRequest): string[] {
  try {
    const body = JSON.parse(xhr.responseText);
    if (Array.isArray(body?.errors)) return body.errors.map(String);
  } catch {
    // S3 answers XML; its status says enough.
  }
  return [`the storage refused the upload (HTTP ${xhr.status})`];
}
