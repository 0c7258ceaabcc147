import { z } from "zod";

const componentHealthSchema = z.object({ kind: z.string(), ok: z.boolean(), error: z.string().optional() });

/** `GET /api/health`: 200 when `ok`, 503 otherwise, with the same body. */
export const healthSchema = z
  .object({
    ok: z.boolean(),
    node: z.object({ id: z.string(), name: z.string() }),
    database: componentHealthSchema,
    storage: componentHealthSchema,
    runner: componentHealthSchema,
    redis: componentHealthSchema.optional(),
    otherNodes: z
      .array(z.object({ id: z.string(), name: z.string(), storage: z.string() }))
      .meta({ description: "Other nodes that said they were alive within a task lease." }),
    warnings: z.array(z.string()),
  })
  .meta({
    id: "Health",
    example: {
      ok: true,
      node: { id: "2d0c8f9e-8a51-4c1e-9a6b-3f1e2d4c5b6a", name: "node-a" },
      database: { kind: "postgres", ok: true },
      storage: { kind: "s3", ok: true },
      runner: { kind: "inline", ok: true },
      otherNodes: [],
      warnings: [],
    },
  });

export type Health = z.infer<typeof healthSchema>;

export const livenessSchema = z.object({ ok: z.literal(true) }).meta({ id: "Liveness" });
