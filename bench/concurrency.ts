/** 5. 200 parallel request-uploads, then 20 parallel uploads of a small MP4: all ready, nothing lost. */
import fs from "node:fs";
import { round, type BenchResult } from "./lib/results";
import { requestUpload, startService, waitForAsset, type Service } from "./lib/service";

export const REQUESTS = 200;
export const UPLOADS = 20;

export interface ConcurrentUploads {
  seconds: number;
  requestErrors: number;
  putErrors: number;
  ready: number;
  listed: number;
  /** Every asset ready, no error, no lost row. */
  ok: boolean;
}

export async function runConcurrentUploads(service: Service): Promise<ConcurrentUploads> {
  const media = fs.readFileSync("test/fixtures/media/h264-aac.mp4");
  const started = performance.now();
  const created = await Promise.allSettled(
    Array.from({ length: REQUESTS }, (_, i) => requestUpload(service, `concurrent ${i}`)),
  );
  const requested = created.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const requestErrors = REQUESTS - requested.length;
  const toUpload = requested.slice(0, UPLOADS);
  const puts = await Promise.all(
    toUpload.map(({ url }) => fetch(url, { method: "PUT", body: media }).then((r) => r.status)),
  );
  const assets = await Promise.all(toUpload.map(({ asset }) => waitForAsset(service, asset.id, 120_000)));
  const seconds = (performance.now() - started) / 1000;
  const listed = await countAssets(service.url, service.authHeaders);
  const ready = assets.filter((a) => a.status === "ready").length;
  const putErrors = puts.filter((status) => status !== 200).length;
  const ok = ready === UPLOADS && requestErrors + putErrors === 0 && listed === REQUESTS;
  return { seconds, requestErrors, putErrors, ready, listed, ok };
}

export async function benchConcurrency(databaseUrl?: string): Promise<BenchResult> {
  const service = await startService(3195, databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  try {
    const { seconds, requestErrors, putErrors, ready, listed, ok } = await runConcurrentUploads(service);
    return {
      title: `${REQUESTS} parallel request-uploads, then ${UPLOADS} parallel uploads`,
      figures: {
        "wall time s": round(seconds),
        "request-upload errors": requestErrors,
        "PUT errors": putErrors,
        "assets ready": `${ready}/${UPLOADS}`,
        "assets listed": `${listed}/${REQUESTS}`,
      },
      checks: [
        {
          name: "every asset ready, no error, no lost row",
          value: `${ready} ready, ${requestErrors + putErrors} errors, ${listed} rows`,
          target: `${UPLOADS} ready, 0 errors, ${REQUESTS} rows`,
          ok,
        },
      ],
    };
  } finally {
    await service.stop();
  }
}

async function countAssets(base: string, headers: Record<string, string>): Promise<number> {
  let count = 0;
  let next: string | undefined = `${base}/api/asset?limit=100`;
  while (next) {
    const response: Response = await fetch(next, { headers });
    count += (await response.json()).length;
    next = response.headers.get("link")?.match(/<([^>]+)>; rel="next"/)?.[1];
  }
  return count;
}
