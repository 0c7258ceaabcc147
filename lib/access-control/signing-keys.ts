import { generateKeyPairSync } from "node:crypto";
import { notFound } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import type { PageRequest } from "@/lib/db/pagination";
import type { SigningKeyRow } from "@/lib/db/schema";
import {
  deleteUserSigningKey,
  findUserSigningKey,
  insertSigningKey,
  listUserSigningKeys,
  updateUserSigningKey,
} from "@/lib/db/signing-keys";
import type { CreatedSigningKey, SigningKey, SigningKeyPatchInput } from "./schemas";

const DEFAULT_NAME = "Signing key";

export function serializeSigningKey(row: SigningKeyRow): SigningKey {
  const key: SigningKey = { id: row.id, name: row.name, publicKey: row.publicKey, createdAt: row.createdAt, disabled: row.disabled };
  if (row.lastSeenAt !== null) key.lastSeen = row.lastSeenAt;
  return key;
}

/**
 * A new ES256 key pair, in the encodings Livepeer Studio answers (what `signAccessJwt` reads): base64
 * of the PEMs. Only the public key is kept; the private key is in this answer only.
 */
export async function createSigningKey(db: Db, params: { userId: string; name?: string; now: number }): Promise<CreatedSigningKey> {
  const pair = generateKeyPairSync("ec", {
    namedCurve: "P-256",
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const row = await insertSigningKey(db, {
    userId: params.userId,
    name: params.name ?? DEFAULT_NAME,
    publicKey: Buffer.from(pair.publicKey).toString("base64"),
    createdAt: params.now,
  });
  return { ...serializeSigningKey(row), privateKey: Buffer.from(pair.privateKey).toString("base64") };
}

export async function listSigningKeys(db: Db, userId: string, page: PageRequest) {
  const { items, next } = await listUserSigningKeys(db, userId, page);
  return { items: items.map(serializeSigningKey), next };
}

export async function getSigningKey(db: Db, userId: string, id: string): Promise<SigningKey> {
  return serializeSigningKey(found(await findUserSigningKey(db, userId, id)));
}

/** A disabled key's tokens, and the media tokens they granted, are refused from the next request on. */
export async function updateSigningKey(db: Db, userId: string, id: string, patch: SigningKeyPatchInput): Promise<void> {
  found(Object.keys(patch).length ? await updateUserSigningKey(db, userId, id, patch) : await findUserSigningKey(db, userId, id));
}

export async function deleteSigningKey(db: Db, userId: string, id: string): Promise<void> {
  found(await deleteUserSigningKey(db, userId, id));
}

function found(row: SigningKeyRow | undefined): SigningKeyRow {
  if (!row) throw notFound("signing key not found");
  return row;
}
