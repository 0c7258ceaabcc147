/**
 * Playwright's web server for the end-to-end specs: starts the doubles (a Pinata-compatible
 * pinning service, a custom-URL export receiver and a webhook receiver, on loopback ports of their
 * choosing), a small control server on E2E_CONTROL_PORT through which specs read what the doubles
 * received, then `next start` pointed at the doubles. Stops the doubles when the server exits.
 * Before the server holds the data directory, it seeds LARGE_ACCOUNT's assets by SQL.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { seedAccount, vacuumAnalyze } from "../../bench/lib/seed";
import { openDatabase } from "../../lib/db/client";
import { startPinningDouble } from "../../test/helpers/pinning-double";
import { startReceiverDouble } from "../../test/helpers/receiver-double";
import { startSmtpDouble } from "../../test/helpers/smtp-double";
import { startSourceServer } from "../../test/helpers/source-server";
import { LARGE_ACCOUNT } from "./large-account";

const port = Number(process.env.E2E_PORT ?? 3107);
const controlPort = Number(process.env.E2E_CONTROL_PORT ?? port + 1);

const seeded = await openDatabase({ dataDir: process.env.DATA_DIR });
await seedAccount(seeded.db, { ...LARGE_ACCOUNT, tasks: 0 });
await vacuumAnalyze(seeded.db);
await seeded.close();

const pinning = await startPinningDouble();
const receiver = await startReceiverDouble({ keepBytes: false });
const webhookReceiver = await startReceiverDouble();
// Files to import from a URL (with a signed query, as a bucket's would be).
const source = await startSourceServer({
  "/videos/imported.mp4": { body: fs.readFileSync("test/fixtures/media/h264-aac.mp4"), ranges: true, query: "?signature=e2e-import-secret" },
});
// The mail server password reset e-mails go to.
const smtp = await startSmtpDouble();
/** The receiver's stalls the specs set, by the path they hold (specs run in parallel, each on its own paths). */
const stalls = new Map<string, { release(): void }>();

const control = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://control");
  const json = (body: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  if (req.method === "GET" && url.pathname === "/doubles") {
    return json({
      pinning: {
        url: pinning.url,
        jwt: pinning.credentials.jwt,
        pins: pinning.pins.map((pin) => ({ cid: pin.cid, name: pin.name, auth: pin.auth, size: pin.bytes.length })),
      },
      receiver: {
        url: receiver.url,
        received: receiver.received.map((r) => ({
          method: r.method,
          path: r.path,
          size: r.size,
          sha256: r.sha256,
          complete: r.complete,
          headers: r.headers,
        })),
      },
      source: { url: source.url },
      webhookReceiver: {
        url: webhookReceiver.url,
        received: webhookReceiver.received.map((r) => ({ path: r.path, headers: r.headers, body: r.bytes?.toString("utf8") ?? "" })),
      },
    });
  }
  if (req.method === "GET" && url.pathname === "/mails") return json(smtp.mails.map((mail) => ({ to: mail.to, text: mail.text })));
  if (req.method === "POST" && url.pathname === "/receiver/stall") {
    const held = url.searchParams.get("path") ?? "";
    stalls.get(held)?.release();
    stalls.set(held, receiver.stallAfter(Number(url.searchParams.get("afterBytes") ?? 1), held || undefined));
    return json({ stalled: true });
  }
  if (req.method === "POST" && url.pathname === "/receiver/fail") {
    receiver.failNext(Number(url.searchParams.get("count") ?? 1), Number(url.searchParams.get("status") ?? 500), "refused by the receiver", url.searchParams.get("path") ?? undefined);
    return json({ failing: true });
  }
  if (req.method === "POST" && url.pathname === "/receiver/release") {
    const held = url.searchParams.get("path") ?? "";
    stalls.get(held)?.release();
    stalls.delete(held);
    return json({ released: true });
  }
  // A stand-in IPFS gateway, so the dashboard's gateway links lead somewhere.
  const cid = url.pathname.match(/^\/ipfs\/([a-z0-9]+)$/)?.[1];
  const pinned = cid ? pinning.pinned(cid) : undefined;
  if (req.method === "GET" && pinned) return res.writeHead(200, { "content-length": pinned.length }).end(pinned);
  res.writeHead(404).end();
});
await new Promise<void>((resolve) => control.listen(controlPort, "127.0.0.1", resolve));

const server = spawn("npx", ["next", "start", "-p", String(port), "-H", "127.0.0.1"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PINNING_API_URL: pinning.url,
    PINATA_JWT: pinning.credentials.jwt,
    IPFS_GATEWAY_URL: `http://127.0.0.1:${controlPort}/ipfs`,
    // The SSRF guard's one allow-list, for exports and webhooks alike.
    EXPORT_ALLOWED_HOSTS: [receiver.url, webhookReceiver.url, source.url].map((url) => new URL(url).host).join(","),
    SMTP_URL: smtp.url,
    // E-mails link to APP_URL only.
    APP_URL: `http://127.0.0.1:${port}`,
  },
});

async function stop(code: number) {
  control.closeAllConnections();
  control.close();
  await Promise.all([pinning.close(), receiver.close(), webhookReceiver.close(), source.close(), smtp.close()]);
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => stop(code ?? 0));
