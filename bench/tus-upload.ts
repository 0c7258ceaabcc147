/**
 * Resumable uploads: a 1 GiB file over tus to the service, in one PATCH and in 50 MiB chunks
 * (tus-js-client from Node), against the same client and file into a bare @tus/server with its
 * file store on the same disk, and against the service's own PUT path (curl); the service's
 * resident memory meanwhile. Bare server and service alternate for 3 rounds per mode, and the
 * median ratio is reported (single runs drift with this machine's disk and CPU).
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { Server } from "@tus/server";
import { Upload } from "tus-js-client";
import { curlUpload } from "./lib/commands";
import { mib, sampleMemory } from "./lib/memory";
import { round, type BenchResult } from "./lib/results";
import { requestUpload, startService, waitForAsset, type Service } from "./lib/service";

const CHUNK_BYTES = 50 * 1024 * 1024;
const BARE_PORT = 3198;
const ROUNDS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Seconds to send `file` with tus-js-client to `endpoint`, in chunks of `chunkSize` (or one PATCH). */
function tusSeconds(file: string, endpoint: string, chunkSize?: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const upload = new Upload(fs.createReadStream(file), {
      endpoint,
      ...(chunkSize && { chunkSize }),
      retryDelays: [],
      onSuccess: () => resolve((performance.now() - started) / 1000),
      onError: reject,
    });
    upload.start();
  });
}

async function bareTusSeconds(file: string, directory: string, chunkSize?: number): Promise<number> {
  fs.rmSync(directory, { recursive: true, force: true });
  const tus = new Server({ path: "/files", datastore: new FileStore({ directory }) });
  const server = http.createServer((req, res) => void tus.handle(req, res));
  await new Promise<void>((resolve) => server.listen(BARE_PORT, "127.0.0.1", resolve));
  try {
    return await tusSeconds(file, `http://127.0.0.1:${BARE_PORT}/files`, chunkSize);
  } finally {
    server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

async function serviceTus(service: Service, file: string, chunkSize?: number) {
  const { tusEndpoint, asset } = await requestUpload(service, "tus bench");
  const memory = sampleMemory(service.pid);
  const seconds = await tusSeconds(file, tusEndpoint, chunkSize);
  const { growth } = memory.stop();
  await waitForAsset(service, asset.id);
  return { seconds, growth };
}

/** Bare server and service, alternating: each round's ratio, its median, and the service's worst memory growth. */
async function compare(service: Service, file: string, chunkSize?: number) {
  const bareDirectory = path.join(service.dataDir, "bare-tus");
  const ratios: number[] = [];
  const bare: number[] = [];
  const ours: number[] = [];
  let growth = 0;
  for (let round = 0; round < ROUNDS; round++) {
    bare.push(await bareTusSeconds(file, bareDirectory, chunkSize));
    const run = await serviceTus(service, file, chunkSize);
    ours.push(run.seconds);
    growth = Math.max(growth, run.growth);
    ratios.push(bare.at(-1)! / run.seconds);
  }
  return { ratios, ratio: median(ratios), bare: median(bare), ours: median(ours), growth };
}

export async function benchTusUpload(file: string): Promise<BenchResult> {
  const size = fs.statSync(file).size;
  const service = await startService(3197, { MAX_UPLOAD_BYTES: String(size * 2) });
  try {
    // Read once, so the first round does not pay for the page cache.
    for await (const chunk of fs.createReadStream(file)) void chunk;
    const one = await compare(service, file);
    const chunked = await compare(service, file, CHUNK_BYTES);
    const { url, asset } = await requestUpload(service, "put bench");
    const putSeconds = await curlUpload(file, url);
    await waitForAsset(service, asset.id);
    const rate = (seconds: number) => `${round(mib(size) / seconds)} MiB/s`;
    const percent = (ratio: number) => `${round(ratio * 100, 1)}%`;
    const growth = Math.max(one.growth, chunked.growth);
    return {
      title: `tus upload of ${round(mib(size), 0)} MiB (tus-js-client), against a bare @tus/server with its file store (median of ${ROUNDS} alternating rounds)`,
      figures: {
        "bare @tus/server, one PATCH / 50 MiB chunks": `${rate(one.bare)} / ${rate(chunked.bare)}`,
        "service over tus, one PATCH / 50 MiB chunks": `${rate(one.ours)} / ${rate(chunked.ours)}`,
        "ratio every round, one PATCH": one.ratios.map(percent).join(", "),
        "ratio every round, 50 MiB chunks": chunked.ratios.map(percent).join(", "),
        "service, one PUT (curl)": rate(putSeconds),
        "service RSS growth during tus, one PATCH / chunked MiB": `${round(mib(one.growth), 1)} / ${round(mib(chunked.growth), 1)}`,
      },
      checks: [
        { name: "one PATCH vs bare server", value: percent(one.ratio), target: ">= 90%", ok: one.ratio >= 0.9 },
        { name: "50 MiB chunks vs bare server", value: percent(chunked.ratio), target: ">= 90%", ok: chunked.ratio >= 0.9 },
        { name: "memory growth", value: `${round(mib(growth), 1)} MiB`, target: "< 100 MiB", ok: mib(growth) < 100 },
      ],
    };
  } finally {
    await service.stop();
  }
}
