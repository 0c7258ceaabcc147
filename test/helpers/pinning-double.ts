import http from "node:http";
import type { AddressInfo } from "node:net";
import { expectedCid } from "./ipfs-cid";

/**
 * A pinning service on loopback that follows the Pinata contract the exporter relies on:
 * `POST /pinning/pinFileToIPFS`, multipart parts `file`, `pinataOptions` and `pinataMetadata`,
 * Bearer JWT or the two key headers, and real CIDs of `pinataOptions.cidVersion` 0 or 1 (the layout
 * of `ipfs add`, computed by test/helpers/ipfs-cid.ts).
 */
export interface Pin {
  cid: string;
  name: string;
  filename: string;
  contentType: string;
  auth: "jwt" | "keys";
  options: unknown;
  bytes: Buffer;
}

export interface PinningDouble {
  url: string;
  credentials: { jwt: string; apiKey: string; apiSecret: string };
  pins: Pin[];
  /** `DELETE /pinning/unpin/{cid}` requests answered 200, in order, with how they authenticated. */
  unpins: Array<{ cid: string; auth: "jwt" | "keys" }>;
  /** The next `count` unpins are answered `status` (Infinity: every one from now on). */
  failUnpins(count: number, status?: number): void;
  /** Requests that reached the handler, including refused ones. */
  requests: number;
  /** The next `count` uploads are answered `status` (after the body has been read). */
  failNext(count: number, status?: number, body?: string): void;
  /**
   * The next `count` pins (of files named `filename`, if given) are answered the CID of the bytes
   * without their last one, as after a truncated upload.
   */
  answerWrongCidNext(count: number, filename?: string): void;
  /** The next `count` uploads lose their connection once `afterBytes` bytes have arrived. */
  dropNext(count: number, afterBytes: number): void;
  /**
   * Uploads from the `n`th on (counting from 1, over the double's life) are held unread and
   * unanswered, as a stalled service would, until `releaseHeld`; one whose client gives up is dropped.
   */
  holdFrom(n: number): void;
  releaseHeld(): void;
  /** Uploads held now. */
  readonly held: number;
  pinned(cid: string): Buffer | undefined;
  close(): Promise<void>;
}

export function cidOf(bytes: Uint8Array, cidVersion: 0 | 1 = 1): Promise<string> {
  return expectedCid(bytes, cidVersion);
}

export async function startPinningDouble(): Promise<PinningDouble> {
  const credentials = { jwt: "test-jwt-0123456789", apiKey: "key-abcdef", apiSecret: "secret-0123456789" };
  const failures: Array<{ status: number; body: string }> = [];
  const drops: number[] = [];
  const wrongCids = { count: 0, filename: undefined as string | undefined };
  const pins: Pin[] = [];
  const unpins: PinningDouble["unpins"] = [];
  const unpinFailures = { count: 0, status: 500 };
  const double = { requests: 0, uploads: 0, holdFrom: Infinity };
  const held = new Set<() => void>();

  const authOf = (headers: http.IncomingHttpHeaders) => {
    const bearer = headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    if (bearer === credentials.jwt) return "jwt" as const;
    if (headers.pinata_api_key === credentials.apiKey && headers.pinata_secret_api_key === credentials.apiSecret) return "keys" as const;
    return undefined;
  };

  const server = http.createServer(async (req, res) => {
    double.requests++;
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    const unpin = req.method === "DELETE" ? req.url?.match(/^\/pinning\/unpin\/([A-Za-z0-9]+)$/)?.[1] : undefined;
    if (unpin) {
      const auth = authOf(req.headers);
      if (!auth) return reply(401, { error: { reason: "INVALID_CREDENTIALS", details: "Invalid/expired credentials" } });
      if (unpinFailures.count > 0) {
        unpinFailures.count--;
        return reply(unpinFailures.status, { error: "unpin failed" });
      }
      unpins.push({ cid: unpin, auth });
      return res.writeHead(200, { "content-type": "text/plain" }).end("OK");
    }
    if (req.method !== "POST" || req.url !== "/pinning/pinFileToIPFS") return reply(404, { error: "not found" });
    if (++double.uploads >= double.holdFrom) {
      req.pause();
      const gaveUp = await new Promise<boolean>((resolve) => {
        const release = () => resolve(false);
        held.add(release);
        req.socket.once("close", () => {
          held.delete(release);
          resolve(true);
        });
      });
      if (gaveUp) return;
      req.resume();
    }
    const drop = drops.shift();
    const chunks: Buffer[] = [];
    let received = 0;
    try {
      for await (const chunk of req as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        received += chunk.length;
        if (drop !== undefined && received >= drop) {
          req.socket.destroy();
          return;
        }
      }
    } catch {
      return;
    }
    const body = Buffer.concat(chunks);
    const failure = failures.shift();
    if (failure) return res.writeHead(failure.status, { "content-type": "application/json" }).end(failure.body);

    const auth = authOf(req.headers);
    if (!auth) return reply(401, { error: { reason: "INVALID_CREDENTIALS", details: "Invalid/expired credentials" } });
    if (req.headers["content-length"] !== String(body.length)) return reply(400, { error: "Content-Length does not match the body" });

    let form: FormData;
    try {
      form = await new Response(body, { headers: { "content-type": req.headers["content-type"] ?? "" } }).formData();
    } catch {
      return reply(400, { error: "body is not multipart/form-data" });
    }
    const file = form.get("file");
    const options = parseJson(form.get("pinataOptions"));
    const metadata = parseJson(form.get("pinataMetadata")) as { name?: unknown } | undefined;
    if (!(file instanceof Blob)) return reply(400, { error: "part file is missing" });
    const cidVersion = (options as { cidVersion?: unknown })?.cidVersion;
    if (cidVersion !== 0 && cidVersion !== 1) return reply(400, { error: "pinataOptions.cidVersion must be 0 or 1" });
    if (typeof metadata?.name !== "string") return reply(400, { error: "pinataMetadata.name is missing" });

    const bytes = Buffer.from(await file.arrayBuffer());
    const lie = wrongCids.count > 0 && (wrongCids.filename ?? (file as File).name) === (file as File).name;
    if (lie) wrongCids.count--;
    const cid = await cidOf(lie ? bytes.subarray(0, bytes.length - 1) : bytes, cidVersion);
    pins.push({ cid, name: metadata.name, filename: (file as File).name, contentType: file.type, auth, options, bytes });
    reply(200, { IpfsHash: cid, PinSize: bytes.length, Timestamp: new Date().toISOString() });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    credentials,
    pins,
    unpins,
    failUnpins(count, status = 500) {
      Object.assign(unpinFailures, { count, status });
    },
    get requests() {
      return double.requests;
    },
    failNext(count, status = 500, body = JSON.stringify({ error: "Internal Server Error" })) {
      for (let i = 0; i < count; i++) failures.push({ status, body });
    },
    answerWrongCidNext(count, filename) {
      Object.assign(wrongCids, { count, filename });
    },
    dropNext(count, afterBytes) {
      for (let i = 0; i < count; i++) drops.push(afterBytes);
    },
    holdFrom(n) {
      double.holdFrom = n;
    },
    releaseHeld() {
      double.holdFrom = Infinity;
      for (const release of [...held]) {
        held.delete(release);
        release();
      }
    },
    get held() {
      return held.size;
    },
    pinned: (cid) => pins.find((p) => p.cid === cid)?.bytes,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function parseJson(value: FormDataEntryValue | null): unknown {
  if (typeof value !== "string") return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
