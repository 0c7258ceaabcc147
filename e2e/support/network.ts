import type { Page } from "@playwright/test";

export interface NetworkControl {
  /** Bytes per second the page may send; -1 for no limit. */
  limitUploads(bytesPerSecond: number): Promise<void>;
  /**
   * Takes the browser context offline, or back online. With two DevTools sessions setting
   * network conditions (Playwright's for the context, this one for the limit), Chromium was seen
   * to apply this one's to requests while navigator.onLine followed the context's: so both change.
   */
  setOffline(offline: boolean): Promise<void>;
}

/**
 * Slows what the page sends (Chromium's network emulation over CDP), so that an upload can be cut
 * off part-way.
 */
export async function throttleUploads(page: Page, bytesPerSecond: number): Promise<NetworkControl> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  let limit = bytesPerSecond;
  const apply = (offline: boolean) =>
    cdp.send("Network.emulateNetworkConditions", {
      offline,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: limit,
    });
  await apply(false);
  return {
    async limitUploads(bytesPerSecond) {
      limit = bytesPerSecond;
      await apply(false);
    },
    async setOffline(offline) {
      // The page hears it is offline before its requests fail, and is told it is back once they work.
      if (offline) await page.context().setOffline(true);
      await apply(offline);
      if (!offline) await page.context().setOffline(false);
    },
  };
}

export interface TusRequest {
  method: string;
  /** The `Upload-Offset` a PATCH starts at. */
  offset?: number;
}

/** Records the page's tus requests (to the tus endpoint and upload URLs) from now on. */
export function recordTusRequests(page: Page): TusRequest[] {
  const requests: TusRequest[] = [];
  page.on("request", (request) => {
    if (!new URL(request.url()).pathname.startsWith("/api/asset/upload/tus")) return;
    const offset = request.headers()["upload-offset"];
    requests.push({ method: request.method(), offset: offset === undefined ? undefined : Number(offset) });
  });
  return requests;
}
