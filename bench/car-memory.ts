/**
 * Computes the CID of a generated file (default 1 GiB) as the upload check does, then serves its
 * CAR through `GET /api/asset/{id}/car` (the route's own handler, by its signed carUrl) and reads
 * it whole, printing how far this process's resident memory grew in each phase.
 *   node --expose-gc --import tsx bench/car-memory.ts [sizeGiB]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApp, setApp } from "@/lib/app/app";
import { assetUrlContext, serializeAsset } from "@/lib/assets/serialize-asset";
import { loadConfig } from "@/lib/config/config";
import { updateAsset } from "@/lib/db/assets";
import { insertUser } from "@/lib/db/users";
import { insertSparseUpload } from "./lib/sparse-upload";
import { digestStream } from "@/lib/ipfs/file-digests";
import { fetchHandlers as car } from "@/pages/api/asset/[id]/car";

const MiB = 1024 ** 2;
const size = Math.round(Number(process.argv[2] ?? 1) * 1024 * MiB);

async function measured<T>(what: string, work: () => Promise<T>): Promise<T> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  try {
    return await work();
  } finally {
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${what}: ${(size / MiB).toFixed(0)} MiB in ${seconds.toFixed(1)} s (${(size / MiB / seconds).toFixed(0)} MiB/s); ` +
        `RSS ${(before / MiB).toFixed(0)} MiB before, ${(peak / MiB).toFixed(0)} MiB at peak: growth ${((peak - before) / MiB).toFixed(1)} MiB`,
    );
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vas-car-bench-"));
  const app = await createApp(loadConfig({ DATA_DIR: dataDir, APP_URL: "http://bench.invalid" }));
  setApp(app);
  try {
    const user = await insertUser(app.db, { email: "bench@example.com", createdAt: app.now() });
    const now = app.now();
    const waiting = await insertSparseUpload(app, dataDir, user.id, size);
    const id = waiting.id;

    const digests = await measured("sha256 + CID (the upload check's read)", async () =>
      digestStream(await app.storage.createReadStream(waiting.storageKey), () => {}),
    );
    const ready = (await updateAsset(app.db, waiting.id, { ...digests, status: "ready", updatedAt: now }))!;
    const { carUrl } = await serializeAsset(ready, assetUrlContext(app, "http://bench.invalid"));
    const length = await measured("CAR served and read", async () => {
      const response = await car.GET(new Request(carUrl!), { params: Promise.resolve({ id }) });
      if (response.status !== 200) throw new Error(`the CAR answered ${response.status}`);
      let read = 0;
      const reader = response.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) read += chunk.value.length;
      return read;
    });
    console.log(`CAR ${length} bytes, Content-Length ${digests.carSize}, root ${digests.cidv1}`);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
