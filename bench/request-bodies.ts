/**
 * Oversized request bodies: 8 concurrent 300 MB chunked bodies (no Content-Length, so the server
 * must read until its limit) to the sign-in callback and to an authenticated JSON endpoint. The
 * service's resident memory may grow by less than 100 MiB; the baseline is the growth from 8
 * concurrent ordinary requests to the same endpoints in the same run.
 */
import http from "node:http";
import { mib, sampleMemory } from "./lib/memory";
import { round, type BenchResult } from "./lib/results";
import { startService, type Service } from "./lib/service";

const BODY_BYTES = 300 * 1000 * 1000;
const CONCURRENT = 8;
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

/** Sends up to `bytes` as a chunked body until the server answers; resolves with the status. */
function sendBody(url: string, headers: Record<string, string>, bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", headers });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    request.on("error", (error) => (answered ? undefined : reject(error)));
    let sent = 0;
    const pump = () => {
      while (!answered && sent < bytes) {
        sent += CHUNK.length;
        if (!request.write(CHUNK)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

async function growthOf(service: Service, send: () => Promise<number>): Promise<{ growth: number; statuses: number[] }> {
  const memory = sampleMemory(service.pid);
  const statuses = await Promise.all(Array.from({ length: CONCURRENT }, send));
  return { growth: memory.stop().growth, statuses };
}

export async function benchRequestBodies(): Promise<BenchResult> {
  const service = await startService(3196);
  try {
    const signIn = { url: `${service.url}/api/auth/callback/credentials`, headers: { "content-type": "application/x-www-form-urlencoded" } };
    const json = { url: `${service.url}/api/asset/request-upload`, headers: service.authHeaders };
    const baseline = await growthOf(service, async () => {
      await sendBody(signIn.url, signIn.headers, 100);
      return sendBody(json.url, json.headers, 100);
    });
    const signInFlood = await growthOf(service, () => sendBody(signIn.url, signIn.headers, BODY_BYTES));
    const jsonFlood = await growthOf(service, () => sendBody(json.url, json.headers, BODY_BYTES));
    const worst = Math.max(signInFlood.growth, jsonFlood.growth);
    const all413 = [...signInFlood.statuses, ...jsonFlood.statuses].every((status) => status === 413);
    return {
      title: `${CONCURRENT} concurrent ${BODY_BYTES / 1e6} MB request bodies`,
      figures: {
        "baseline: RSS growth, 8 ordinary requests to each endpoint MiB": round(mib(baseline.growth), 1),
        "sign-in callback: RSS growth MiB": round(mib(signInFlood.growth), 1),
        "JSON endpoint (request-upload): RSS growth MiB": round(mib(jsonFlood.growth), 1),
        "answers": `${[...signInFlood.statuses, ...jsonFlood.statuses].join(", ")}`,
      },
      checks: [
        { name: "every oversized body refused with 413", value: all413 ? "yes" : "no", target: "yes", ok: all413 },
        { name: "memory growth", value: `${round(mib(worst), 1)} MiB`, target: "< 100 MiB", ok: mib(worst) < 100 },
      ],
    };
  } finally {
    await service.stop();
  }
}
