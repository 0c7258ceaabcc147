import { createHmac, createPrivateKey, generateKeyPairSync, sign } from "node:crypto";
import { signAccessJwt } from "@livepeer/core/crypto";
import * as playbackRoute from "@/app/api/playback/[playbackId]/route";
import * as signingKeyById from "@/app/api/access-control/signing-key/[id]/route";
import * as signingKeyList from "@/app/api/access-control/signing-key/route";
import type { CreatedSigningKey } from "@/lib/access-control/schemas";
import { callRoute } from "./call-route";

export { signingKeyById, signingKeyList };

export function createSigningKey(token: string, body?: unknown, headers: Record<string, string> = {}) {
  return callRoute(signingKeyList.POST, "/api/access-control/signing-key", { method: "POST", token, json: body, headers });
}

export async function newSigningKey(token: string, name?: string): Promise<CreatedSigningKey> {
  const response = await createSigningKey(token, name === undefined ? undefined : { name });
  if (response.status !== 200) throw new Error(`creating a signing key answered ${response.status}: ${await response.text()}`);
  return response.json();
}

export function signingKeyCall(method: "GET" | "PATCH" | "DELETE", token: string, id: string, json?: unknown) {
  return callRoute(signingKeyById[method], `/api/access-control/signing-key/${id}`, { method, token, params: { id }, json });
}

/** `GET /api/playback/{playbackId}`, with a query string and headers of the test's choice. */
export function playbackInfo(playbackId: string, options: { query?: string; headers?: Record<string, string> } = {}) {
  const query = options.query ? `?${options.query}` : "";
  return callRoute(playbackRoute.GET, `/api/playback/${playbackId}${query}`, { params: { playbackId }, headers: options.headers });
}

/** A viewer token as Livepeer's users make them: `signAccessJwt` of `@livepeer/core/crypto`. */
export function viewerToken(key: { privateKey: string; publicKey: string }, playbackId: string, expiration?: number) {
  return signAccessJwt({ privateKey: key.privateKey, publicKey: key.publicKey, playbackId, issuer: "https://viewer.example", expiration });
}

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** A JWT put together by hand, for the tokens `signAccessJwt` would not make. */
export function handMadeJwt(header: object, payload: object, signer: (signed: string) => Buffer): string {
  const signed = `${part(header)}.${part(payload)}`;
  return `${signed}.${signer(signed).toString("base64url")}`;
}

/** Signs ES256 (JWS's r‖s form) with a base64 PKCS#8 PEM, as the service's keys are given. */
export const es256 = (privateKey: string) => (signed: string) =>
  sign("sha256", Buffer.from(signed), { key: createPrivateKey(Buffer.from(privateKey, "base64").toString()), dsaEncoding: "ieee-p1363" });

export const hs256 = (secret: string) => (signed: string) => createHmac("sha256", secret).update(signed).digest();

/** A key pair in the service's encodings that the service never made. */
export function strangerKeyPair() {
  const pair = generateKeyPairSync("ec", {
    namedCurve: "P-256",
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  return { publicKey: Buffer.from(pair.publicKey).toString("base64"), privateKey: Buffer.from(pair.privateKey).toString("base64") };
}

/** The claims `signAccessJwt` writes, valid for an hour. */
export function claims(publicKey: string, playbackId: string, extra: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return { action: "pull", iss: "https://viewer.example", pub: publicKey, sub: playbackId, exp: now + 3600, iat: now, ...extra };
}
