/**
 * Webhooks: 1,000 changes (uploads requested by 10 clients at once) against `next start` on
 * PostgreSQL with the inline runner, each making one `asset.created` event for a webhook on a
 * loopback receiver. Latency runs from the event's time (recorded with the change) to the
 * receiver having the whole request. The baseline: the same number of signed-size POSTs sent
 * straight to the receiver by the same 10 clients, in the same run.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import postgres from "postgres";
import { round, type BenchResult } from "./lib/results";
import { startService, type Service } from "./lib/service";
import { percentile } from "./lib/timing";

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);
const CLIENTS = 10;

interface Receipt {
  createdAt: number;
  receivedAt: number;
}

async function startReceiver() {
  const receipts: Receipt[] = [];
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const receivedAt = Date.now();
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { createdAt: number };
    receipts.push({ createdAt: body.createdAt, receivedAt });
    response.end();
  });
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { port, url: `http://127.0.0.1:${port}`, receipts, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Runs `count` calls of `call`, `CLIENTS` at a time. */
async function inParallel(count: number, call: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) await call(next++);
    }),
  );
}

async function waitFor(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function baseline(receiver: Awaited<ReturnType<typeof startReceiver>>): Promise<number> {
  const started = Date.now();
  await inParallel(EVENTS, async () => {
    const body = JSON.stringify({ createdAt: Date.now(), padding: "x".repeat(1500) });
    await fetch(receiver.url, { method: "POST", body, headers: { "content-type": "application/json" } }).then((r) => r.arrayBuffer());
  });
  return EVENTS / ((Date.now() - started) / 1000);
}

async function throughService(service: Service, receiver: Awaited<ReturnType<typeof startReceiver>>) {
  const created = await fetch(`${service.url}/api/webhook`, {
    method: "POST",
    headers: service.authHeaders,
    body: JSON.stringify({ name: "bench", url: receiver.url, events: ["asset.created"] }),
  });
  if (!created.ok) throw new Error(`creating the webhook answered ${created.status}`);
  const started = Date.now();
  await inParallel(EVENTS, async (index) => {
    const response = await fetch(`${service.url}/api/asset/request-upload`, {
      method: "POST",
      headers: service.authHeaders,
      body: JSON.stringify({ name: `event ${index}` }),
    });
    if (!response.ok) throw new Error(`request-upload answered ${response.status}`);
    await response.arrayBuffer();
  });
  const changesMadeIn = Date.now() - started;
  await waitFor(() => receiver.receipts.length >= EVENTS, 120_000);
  const latencies = receiver.receipts.map((r) => r.receivedAt - r.createdAt).sort((a, b) => a - b);
  const last = Math.max(...receiver.receipts.map((r) => r.receivedAt));
  return { latencies, rate: EVENTS / ((last - started) / 1000), changeRate: EVENTS / (changesMadeIn / 1000) };
}

export async function benchWebhooks(databaseUrl: string): Promise<BenchResult> {
  const name = `vas_bench_hooks_${Date.now()}`;
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const direct = await startReceiver();
  const receiver = await startReceiver();
  const service = await startService(3193, {
    DATABASE_URL: url.toString(),
    EXPORT_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`,
  });
  try {
    const directRate = await baseline(direct);
    const { latencies, rate, changeRate } = await throughService(service, receiver);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    return {
      title: `Webhooks: ${EVENTS} events from ${CLIENTS} clients' changes, PostgreSQL, inline runner`,
      figures: {
        "baseline: POSTs straight to the receiver, per s": round(directRate),
        "changes made (request-upload), per s": round(changeRate),
        "events delivered, per s (first change to last receipt)": round(rate),
        "delivery rate vs baseline": `${round((rate / directRate) * 100, 1)}%`,
        "latency p50/p99 ms (change to receipt)": `${p50}/${p99}`,
        "latency max ms": latencies.at(-1)!,
        "events received": latencies.length,
      },
      checks: [
        { name: "every event delivered", value: `${latencies.length}/${EVENTS}`, target: `${EVENTS}`, ok: latencies.length >= EVENTS },
        { name: "p99 latency, change to receipt", value: `${p99} ms`, target: "< 2000 ms", ok: p99 < 2000 },
      ],
    };
  } finally {
    await service.stop();
    await Promise.all([direct.close(), receiver.close()]);
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
