import type { Asset } from "@/lib/assets/schemas";
import { api, ApiRequestError, dataOf } from "./api";
import { plainAsset } from "./assets";

const FIRST_LOOK_MS = 500;
const BACKOFF_FACTOR = 1.5;
const LONGEST_WAIT_MS = 5000;

export interface AssetWatcher {
  /** The asset reached `ready` or `failed`. */
  onSettled(asset: Asset): void;
  /** The asset no longer exists (deleted elsewhere). */
  onGone(): void;
}

/**
 * Looks at an asset until its check ends, soon at first and then less and less often (a long
 * file takes a while to hash). Network errors are waited out. Returns a function that stops.
 */
export function followAsset(assetId: string, watcher: AssetWatcher): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wait = FIRST_LOOK_MS;

  const look = async () => {
    try {
      const data = plainAsset(await dataOf(api.GET("/api/asset/{id}", { params: { path: { id: assetId } }, signal: controller.signal })));
      if (data.status === "ready" || data.status === "failed") return watcher.onSettled(data);
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof ApiRequestError && error.status === 404) return watcher.onGone();
    }
    wait = Math.min(wait * BACKOFF_FACTOR, LONGEST_WAIT_MS);
    timer = setTimeout(look, wait);
  };
  timer = setTimeout(look, wait);

  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}
