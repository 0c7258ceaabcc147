/**
 * 4. Export of a 1 GiB file to a custom URL and to a pinning service (loopback sinks) through the
 * running service, against `curl` sending the same file to the same sink; peak service memory.
 */
import fs from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { curlUpload, timeCommand } from "./lib/commands";
import { mib, sampleMemory } from "./lib/memory";
import { round, type BenchResult } from "./lib/results";
import { requestUpload, startService, waitForAsset, type Service } from "./lib/service";
import { startSink } from "./lib/sink-server";

async function timeExport(service: Service, assetId: string, body: unknown): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${service.url}/api/asset/${assetId}/export`, {
    method: "POST",
    headers: service.authHeaders,
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`export answered ${response.status}: ${await response.text()}`);
  const { task } = await response.json();
  for (;;) {
    const current = await fetch(`${service.url}/api/task/${task.id}`, { headers: service.authHeaders }).then((r) =>
      r.json(),
    );
    if (current.status.phase === "completed") return (performance.now() - started) / 1000;
    if (current.status.phase === "failed") throw new Error(`export failed: ${current.status.errorMessage}`);
    await delay(20);
  }
}

export async function benchExport(file: string): Promise<BenchResult> {
  const size = fs.statSync(file).size;
  const sink = await startSink();
  const host = new URL(sink.url).host;
  const service = await startService(3196, {
    MAX_UPLOAD_BYTES: String(size * 2),
    PINNING_API_URL: sink.url,
    PINATA_JWT: "bench-not-a-secret",
    EXPORT_ALLOWED_HOSTS: host,
  });
  try {
    const { url, asset } = await requestUpload(service, "bench export");
    await curlUpload(file, url);
    const ready = await waitForAsset(service, asset.id);
    if (ready.status !== "ready") throw new Error(`asset ended ${ready.status}: ${ready.errorMessage}`);

    const customBaseline = await curlUpload(file, `${sink.url}/custom`);
    const pinningBaseline = await timeCommand("curl", [
      ...["-sS", "--fail", "-o", "/dev/null", "-F", `file=@${file}`],
      `${sink.url}/pinning/pinFileToIPFS`,
    ]);
    const memory = sampleMemory(service.pid);
    const custom = await timeExport(service, asset.id, { custom: { url: `${sink.url}/custom` } });
    const ipfs = await timeExport(service, asset.id, { ipfs: {} });
    const { before, peak, growth } = memory.stop();
    const customRatio = customBaseline / custom;
    const ipfsRatio = pinningBaseline / ipfs;
    return {
      title: `export of a ${round(mib(size), 0)} MiB file`,
      figures: {
        "custom URL: curl -T s / export s": `${round(customBaseline)} / ${round(custom)}`,
        "pinning: curl -F s / export s (video + metadata)": `${round(pinningBaseline)} / ${round(ipfs)}`,
        "export MiB/s (custom, pinning)": `${round(mib(size) / custom)}, ${round(mib(size) / ipfs)}`,
        "service RSS before / peak MiB": `${round(mib(before), 1)} / ${round(mib(peak), 1)}`,
      },
      checks: [
        { name: "custom URL vs curl", value: `${round(customRatio * 100, 1)}%`, target: ">= 70%", ok: customRatio >= 0.7 },
        { name: "pinning vs curl", value: `${round(ipfsRatio * 100, 1)}%`, target: ">= 70%", ok: ipfsRatio >= 0.7 },
        { name: "memory growth", value: `${round(mib(growth), 1)} MiB`, target: "< 100 MiB", ok: mib(growth) < 100 },
      ],
    };
  } finally {
    await service.stop();
    await sink.close();
  }
}
