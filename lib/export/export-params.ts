import { z } from "zod";
import type { TaskRow } from "@/lib/db/schema";
import type { SealedBox } from "@/lib/secrets/sealed-box";
import { EXPORT_METHODS, type ExportRequest, type PinningCredentials } from "./schemas";

const REDACTED = "(redacted)";

/** What an export task does, as stored in the task's public `params.export` (secrets redacted). */
const exportParamsSchema = z.object({
  ipfs: z
    .object({
      pinning: z.record(z.string(), z.string()).optional(),
      erc1155Metadata: z.record(z.string(), z.json()).optional(),
      /** Absent on exports from before section 17: version 1, as they pinned. */
      cidVersion: z.union([z.literal(0), z.literal(1)]).default(1),
      unpinOnDelete: z.boolean().default(false),
    })
    .optional(),
  custom: z
    .object({ url: z.string(), method: z.enum(EXPORT_METHODS), headers: z.record(z.string(), z.string()) })
    .optional(),
});

export type ExportParams = z.infer<typeof exportParamsSchema>;

/** Kept sealed in the task's row while it runs; cleared when it ends. */
const exportSecretsSchema = z.object({
  pinning: z.union([z.object({ jwt: z.string() }), z.object({ apiKey: z.string(), apiSecret: z.string() })]).optional(),
  customHeaders: z.record(z.string(), z.string()).optional(),
});

export type ExportSecrets = z.infer<typeof exportSecretsSchema>;

function redactPinning(credentials: PinningCredentials): Record<string, string> {
  if ("jwt" in credentials) return { jwt: REDACTED };
  return { apiKey: `${credentials.apiKey.slice(0, 3)}…${REDACTED}`, apiSecret: REDACTED };
}

function redactHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.keys(headers).map((name) => [name, REDACTED]));
}

/** Splits a validated request into the public, redacted params and the secrets. */
export function splitExportRequest(request: ExportRequest): { params: ExportParams; secrets: ExportSecrets } {
  const params: ExportParams = {};
  const secrets: ExportSecrets = {};
  if (request.ipfs) {
    params.ipfs = { cidVersion: request.ipfs.cidVersion, unpinOnDelete: request.ipfs.unpinOnDelete };
    if (request.ipfs.pinning) {
      params.ipfs.pinning = redactPinning(request.ipfs.pinning);
      secrets.pinning = request.ipfs.pinning;
    }
    if (request.ipfs.erc1155Metadata) params.ipfs.erc1155Metadata = request.ipfs.erc1155Metadata;
  }
  if (request.custom) {
    const { url, method, headers } = request.custom;
    params.custom = { url, method, headers: redactHeaders(headers) };
    if (Object.keys(headers).length > 0) secrets.customHeaders = headers;
  }
  return { params, secrets };
}

export function readExportParams(task: TaskRow): ExportParams {
  return exportParamsSchema.parse(task.params.export);
}

/** The AAD of an export's unpin credentials: sealed apart from its other secrets, so neither opens as the other. */
const unpinAad = (taskId: string) => `${taskId} unpin`;

/**
 * Kept by a completed export with `unpinOnDelete` whose request gave credentials (the server's
 * PINATA_JWT is used otherwise); sealed from the secrets it ran with, a retry's included.
 */
export function sealUnpinCredentials(params: ExportParams, secrets: ExportSecrets, taskId: string, box: SealedBox): string | null {
  return params.ipfs?.unpinOnDelete && secrets.pinning ? box.seal(secrets.pinning, unpinAad(taskId)) : null;
}

export function readUnpinCredentials(task: TaskRow, box: SealedBox): PinningCredentials | undefined {
  if (!task.sealedUnpinCredentials) return undefined;
  return exportSecretsSchema.shape.pinning.parse(box.open(task.sealedUnpinCredentials, unpinAad(task.id)));
}

export function readExportSecrets(task: TaskRow, box: SealedBox): ExportSecrets {
  return exportSecretsSchema.parse(task.sealedSecrets ? box.open(task.sealedSecrets, task.id) : {});
}

/** Every credential value, for scrubbing the destinations' answers. */
export function secretValues(secrets: ExportSecrets): string[] {
  return [...Object.values(secrets.pinning ?? {}), ...Object.values(secrets.customHeaders ?? {})];
}
