/**
 * 3. Processing a 1 GiB MP4 with `moov` at the end: time from the end of the upload to `ready`,
 * against `sha256sum` of the same file; and how much of the file is read before hashing.
 */
import fs from "node:fs";
import { openFileRangeReader } from "@/lib/media/file-range-reader";
import { probeMp4 } from "@/lib/media/probe-mp4";
import { curlUpload, timeCommand } from "./lib/commands";
import { mib } from "./lib/memory";
import { round, type BenchResult } from "./lib/results";
import { requestUpload, startService, waitForAsset } from "./lib/service";

async function bytesReadByProbe(file: string): Promise<number> {
  const reader = await openFileRangeReader(file);
  try {
    return (await probeMp4(reader)).bytesRead;
  } finally {
    await reader.close();
  }
}

export async function benchProcessing(file: string): Promise<BenchResult> {
  const size = fs.statSync(file).size;
  await timeCommand("sha256sum", [file]);
  const baselineSeconds = await timeCommand("sha256sum", [file]);
  const probeBytes = await bytesReadByProbe(file);
  const service = await startService(3194, { MAX_UPLOAD_BYTES: String(size * 2) });
  try {
    const { url, asset } = await requestUpload(service, "bench processing");
    await curlUpload(file, url);
    const uploaded = performance.now();
    const done = await waitForAsset(service, asset.id);
    const seconds = (performance.now() - uploaded) / 1000;
    if (done.status !== "ready") throw new Error(`asset ended ${done.status}: ${done.errorMessage}`);
    const ratio = seconds / baselineSeconds;
    const readShare = probeBytes / size;
    return {
      title: `processing a ${round(mib(size), 0)} MiB MP4 with moov at the end`,
      figures: {
        "baseline (sha256sum) s": round(baselineSeconds),
        "upload end to ready s": round(seconds),
        "bytes read to parse the boxes": probeBytes,
        "file bytes": size,
      },
      checks: [
        { name: "time vs sha256sum", value: `${round(ratio, 2)}x`, target: "<= 1.3x", ok: ratio <= 1.3 },
        { name: "read before hashing", value: `${round(readShare * 100, 4)}%`, target: "< 1%", ok: readShare < 0.01 },
      ],
    };
  } finally {
    await service.stop();
  }
}
