import { z } from "zod";

export const EXPORT_METHODS = ["PUT", "POST", "PATCH"] as const;
export type ExportMethod = (typeof EXPORT_METHODS)[number];

const MAX_METADATA_BYTES = 64 * 1024;
const MAX_HEADERS = 64;
/** Headers the service sets itself, or that would change how the body is framed. */
const MANAGED_HEADERS = new Set(["content-length", "transfer-encoding", "host", "connection", "expect", "upgrade"]);

const secretString = z.string({ error: "must be a string" }).min(1, "must not be empty").max(4096, "is too long");

const pinningCredentialsSchema = z
  .strictObject({ jwt: secretString.optional(), apiKey: secretString.optional(), apiSecret: secretString.optional() })
  .refine(
    (c) => (c.jwt !== undefined && c.apiKey === undefined && c.apiSecret === undefined) ||
      (c.jwt === undefined && c.apiKey !== undefined && c.apiSecret !== undefined),
    "must hold jwt, or apiKey with apiSecret",
  );

export type PinningCredentials = { jwt: string } | { apiKey: string; apiSecret: string };

export const metadataSchema = z
  .record(z.string(), z.json())
  .refine((m) => JSON.stringify(m).length <= MAX_METADATA_BYTES, `must be at most ${MAX_METADATA_BYTES} bytes of JSON`);

export type Erc1155Metadata = z.infer<typeof metadataSchema>;

/** `pinata` and `nftMetadata` are Livepeer Studio's names; they are folded into the canonical fields. */
const ipfsSchema = z
  .strictObject({
    pinning: pinningCredentialsSchema.optional(),
    pinata: pinningCredentialsSchema.optional(),
    erc1155Metadata: metadataSchema.optional(),
    nftMetadata: metadataSchema.optional(),
    cidVersion: z
      .union([z.literal(0), z.literal(1)], { error: "must be 0 or 1" })
      .default(1)
      .meta({ description: "The CID version pinned and checked: 1 (`bafy…`, raw leaves, the default) or 0 (`Qm…`, for older tools)." }),
    unpinOnDelete: z
      .boolean({ error: "must be true or false" })
      .default(false)
      .meta({ description: "Deleting the asset unpins the video and metadata this export pinned, with its credentials (kept encrypted until then)." }),
  })
  .superRefine((ipfs, ctx) => {
    if (ipfs.pinning && ipfs.pinata) ctx.addIssue({ code: "custom", path: ["pinata"], message: "give pinning or pinata, not both" });
    if (ipfs.erc1155Metadata && ipfs.nftMetadata) {
      ctx.addIssue({ code: "custom", path: ["nftMetadata"], message: "give erc1155Metadata or nftMetadata, not both" });
    }
  })
  // The refinement above guarantees one of the two credential shapes.
  .transform((ipfs) => ({
    pinning: (ipfs.pinning ?? ipfs.pinata) as PinningCredentials | undefined,
    erc1155Metadata: ipfs.erc1155Metadata ?? ipfs.nftMetadata,
    cidVersion: ipfs.cidVersion,
    unpinOnDelete: ipfs.unpinOnDelete,
  }));

const httpUrl = z.string({ error: "must be a string" }).max(8192, "is too long").refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}, "must be an absolute http(s) URL");

const headersSchema = z
  .record(
    z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "is not a valid header name"),
    z
      .string({ error: "must be a string" })
      .max(8192, "is too long")
      // What Node accepts in a header value: no line breaks or other control characters.
      .regex(/^[\t\x20-\x7e\x80-\xff]*$/, "must hold only printable characters (no line breaks)"),
  )
  .refine((headers) => Object.keys(headers).length <= MAX_HEADERS, `at most ${MAX_HEADERS} headers`)
  .superRefine((headers, ctx) => {
    for (const name of Object.keys(headers)) {
      if (MANAGED_HEADERS.has(name.toLowerCase())) ctx.addIssue({ code: "custom", path: [name], message: "is set by the service" });
    }
  });

const customSchema = z.strictObject({
  url: httpUrl,
  method: z.preprocess(
    (m) => (typeof m === "string" ? m.toUpperCase() : m),
    z.enum(EXPORT_METHODS, { error: "must be one of PUT, POST, PATCH" }),
  ).default("PUT"),
  headers: headersSchema.default({}),
});

export const exportRequestSchema = z
  .strictObject({ ipfs: ipfsSchema.optional(), custom: customSchema.optional() })
  .refine((r) => r.ipfs !== undefined || r.custom !== undefined, "give ipfs, custom, or both");

export type ExportRequest = z.infer<typeof exportRequestSchema>;

/** Credentials a failed export needs again: they were discarded when it failed. */
export const retryExportRequestSchema = z.strictObject({
  ipfs: z
    .strictObject({ pinning: pinningCredentialsSchema.optional(), pinata: pinningCredentialsSchema.optional() })
    .transform((ipfs) => ({ pinning: (ipfs.pinning ?? ipfs.pinata) as PinningCredentials | undefined }))
    .optional(),
  custom: z.strictObject({ headers: headersSchema }).optional(),
});

export type RetryExportRequest = z.input<typeof retryExportRequestSchema>;
