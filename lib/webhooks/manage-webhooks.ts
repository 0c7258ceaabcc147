import { randomBytes, randomUUID } from "node:crypto";
import { notFound } from "@/lib/api/errors";
import type { PageRequest } from "@/lib/db/pagination";
import {
  deleteUserWebhook,
  findUserWebhook,
  insertWebhook,
  listUserWebhooks,
  updateUserWebhook,
  type WebhookPatch,
} from "@/lib/db/webhooks";
import { assertDestination } from "@/lib/outbound/assert-destination";
import type { TaskDeps } from "@/lib/tasks/types";
import type { CreatedWebhook, Webhook, WebhookInput, WebhookPatchInput } from "./schemas";
import { serializeWebhook } from "./serialize-webhook";
import { generateSharedSecret } from "./signatures";

interface Owner {
  userId: string;
}

/** A new webhook; the shared secret (given or generated) is in this answer only, and sealed at rest. */
export async function createWebhook(deps: TaskDeps, owner: Owner, input: WebhookInput): Promise<CreatedWebhook> {
  await assertDestination(input.url, deps.config.exportAllowedHosts, "url");
  const id = randomUUID();
  const sharedSecret = input.sharedSecret ?? generateSharedSecret(randomBytes(32));
  const now = deps.now();
  const row = await insertWebhook(deps.db, {
    id,
    userId: owner.userId,
    name: input.name,
    url: input.url,
    events: input.events ?? [],
    sealedSecret: deps.sealedBox.seal(sharedSecret, id),
    createdAt: now,
    updatedAt: now,
  });
  return { ...serializeWebhook(row), sharedSecret };
}

export async function getWebhook(deps: TaskDeps, owner: Owner, id: string): Promise<Webhook> {
  return serializeWebhook(await ownWebhook(deps, owner, id));
}

export async function listWebhooks(deps: TaskDeps, owner: Owner, page: PageRequest) {
  const { items, next } = await listUserWebhooks(deps.db, owner.userId, page);
  return { items: items.map(serializeWebhook), next };
}

/** PUT replaces the webhook's fields (events absent: every event); PATCH changes the given ones. */
export async function updateWebhook(
  deps: TaskDeps,
  owner: Owner,
  id: string,
  input: WebhookPatchInput,
  mode: "replace" | "merge",
): Promise<Webhook> {
  if (input.url !== undefined) await assertDestination(input.url, deps.config.exportAllowedHosts, "url");
  const patch: WebhookPatch = { updatedAt: deps.now() };
  if (input.name !== undefined) patch.name = input.name;
  if (input.url !== undefined) patch.url = input.url;
  if (input.events !== undefined || mode === "replace") patch.events = input.events ?? [];
  if (input.disabled !== undefined) patch.disabled = input.disabled;
  if (input.sharedSecret !== undefined) patch.sealedSecret = deps.sealedBox.seal(input.sharedSecret, id);
  const row = await updateUserWebhook(deps.db, owner.userId, id, patch);
  if (!row) throw notFound("webhook not found");
  return serializeWebhook(row);
}

export async function deleteWebhook(deps: TaskDeps, owner: Owner, id: string): Promise<Webhook> {
  const row = await deleteUserWebhook(deps.db, owner.userId, id);
  if (!row) throw notFound("webhook not found");
  return serializeWebhook(row);
}

export async function ownWebhook(deps: TaskDeps, owner: Owner, id: string) {
  const row = await findUserWebhook(deps.db, owner.userId, id);
  if (!row) throw notFound("webhook not found");
  return row;
}
