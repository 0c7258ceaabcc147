import { createHash } from "node:crypto";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { E2E_API_TOKEN } from "../playwright.config";

const auth = { Authorization: `Bearer ${E2E_API_TOKEN}` };
const media = (name: string) => fs.readFileSync(new URL(`../test/fixtures/media/${name}`, import.meta.url));

test("request-upload, PUT over HTTP, and the asset is ready within 5 seconds", async ({ request }) => {
  const response = await request.post("/api/asset/request-upload", { headers: auth, data: { name: "e2e" } });
  expect(response.status()).toBe(200);
  const { url, asset } = await response.json();
  expect(asset.status).toBe("waiting");

  const bytes = media("h264-aac.mp4");
  const put = await request.put(url, { data: bytes, headers: { "Content-Type": "video/mp4" } });
  expect(put.status()).toBe(200);
  expect((await request.put(url, { data: bytes })).status()).toBe(409);

  await expect
    .poll(async () => (await (await request.get(`/api/asset/${asset.id}`, { headers: auth })).json()).status, {
      timeout: 5_000,
      intervals: [100, 200, 250],
    })
    .toBe("ready");
  const ready = await (await request.get(`/api/asset/${asset.id}`, { headers: auth })).json();
  expect(ready.size).toBe(bytes.length);
  expect(ready.hash[0].hash).toBe(createHash("sha256").update(bytes).digest("hex"));
  expect(ready.videoSpec.tracks.map((track: { codec: string }) => track.codec)).toEqual(["h264", "aac"]);

  const ranged = await request.get(ready.downloadUrl, { headers: { Range: "bytes=0-99" } });
  expect(ranged.status()).toBe(206);
  expect((await ranged.body()).equals(bytes.subarray(0, 100))).toBe(true);
});

test("errors are JSON, never HTML or a stack trace", async ({ request }) => {
  for (const [method, url, options] of [
    ["GET", "/api/asset", {}],
    ["GET", "/api/asset/not-a-uuid", { headers: auth }],
    ["GET", "/api/no-such-endpoint", {}],
    ["POST", "/api/asset/request-upload", { headers: { ...auth, "Content-Type": "application/json" }, data: "{oops" }],
  ] as const) {
    const response = await request.fetch(url, { method, ...options });
    expect(response.status()).toBeGreaterThanOrEqual(400);
    expect(response.status()).toBeLessThan(500);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(Object.keys(await response.json())).toEqual(["errors"]);
  }
});
