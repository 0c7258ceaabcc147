import { expect, type Page } from "@playwright/test";
import { media } from "./dashboard";

/** The signed-in page's session calls the API; a session's change must say where it comes from (CSRF). */
function origin(page: Page): Record<string, string> {
  return { Origin: new URL(page.url()).origin };
}

/**
 * Uploads a fixture (or these bytes) through the API with the page's session (request-upload, then PUT) and waits
 * for the asset to settle. Returns the asset as the API last answered.
 */
export async function uploadAsset(
  page: Page,
  name: string,
  fixture: string | Buffer,
  settled: "ready" | "failed" = "ready",
): Promise<{ id: string; playbackId: string; size?: number; downloadUrl?: string; errorMessage?: string }> {
  const created = await page.request.post("/api/asset/request-upload", { headers: origin(page), data: { name } });
  expect(created.status()).toBe(200);
  const { url, asset } = await created.json();
  const put = await page.request.put(url, { data: typeof fixture === "string" ? media(fixture) : fixture, headers: { "Content-Type": "video/mp4" } });
  expect(put.status()).toBe(200);
  let last: { status: string } & Record<string, unknown> = asset;
  await expect
    .poll(async () => (last = await (await page.request.get(`/api/asset/${asset.id}`)).json()).status, { timeout: 15_000 })
    .toBe(settled);
  return last as never;
}

/** Only asks for an upload: the asset stays `waiting`. */
export async function requestUpload(page: Page, name: string): Promise<{ id: string }> {
  const created = await page.request.post("/api/asset/request-upload", { headers: origin(page), data: { name } });
  expect(created.status()).toBe(200);
  return (await created.json()).asset;
}

/** Starts an export through the API; returns its task id. */
export async function startExport(page: Page, assetId: string, body: unknown): Promise<string> {
  const response = await page.request.post(`/api/asset/${assetId}/export`, { headers: origin(page), data: body });
  expect(response.status()).toBe(201);
  return (await response.json()).task.id;
}
