/**
 * 2. Local-store upload of a 1 GiB file with curl, against `curl -T` of the same file into a
 * minimal Node HTTP server writing to the same disk; peak resident memory of the service.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { curlUpload } from "./lib/commands";
import { mib, sampleMemory } from "./lib/memory";
import { round, type BenchResult } from "./lib/results";
import { requestUpload, startService } from "./lib/service";

async function minimalServerUpload(file: string, targetDir: string): Promise<number> {
  const server = http.createServer((request, response) => {
    const out = fs.createWriteStream(path.join(targetDir, "baseline.bin"));
    request.pipe(out);
    out.on("finish", () => response.end("ok"));
  });
  await new Promise<void>((resolve) => server.listen(3192, "127.0.0.1", resolve));
  try {
    return await curlUpload(file, "http://127.0.0.1:3192/");
  } finally {
    server.close();
  }
}

export async function benchLocalUpload(file: string): Promise<BenchResult> {
  const size = fs.statSync(file).size;
  const service = await startService(3193, { MAX_UPLOAD_BYTES: String(size * 2) });
  try {
    const baselineSeconds = await minimalServerUpload(file, service.dataDir);
    fs.rmSync(path.join(service.dataDir, "baseline.bin"));
    const { url } = await requestUpload(service, "bench upload");
    const memory = sampleMemory(service.pid);
    const seconds = await curlUpload(file, url);
    const { before, peak, growth } = memory.stop();
    const ratio = baselineSeconds / seconds;
    return {
      title: `local-store upload of ${round(mib(size), 0)} MiB`,
      figures: {
        "baseline (minimal Node server) s": round(baselineSeconds),
        "baseline MiB/s": round(mib(size) / baselineSeconds),
        "service s": round(seconds),
        "service MiB/s": round(mib(size) / seconds),
        "service RSS before / peak MiB": `${round(mib(before), 1)} / ${round(mib(peak), 1)}`,
      },
      checks: [
        { name: "throughput vs baseline", value: `${round(ratio * 100, 1)}%`, target: ">= 80%", ok: ratio >= 0.8 },
        { name: "memory growth", value: `${round(mib(growth), 1)} MiB`, target: "< 100 MiB", ok: mib(growth) < 100 },
      ],
    };
  } finally {
    await service.stop();
  }
}
