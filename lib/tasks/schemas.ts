import { z } from "zod";
import { pageQuerySchema } from "@/lib/api/list-query";
import { PUBLIC_TASK_TYPES, TASK_PHASES } from "@/lib/db/schema";
import { isUuid } from "@/lib/uuid";

export const exportOutputSchema = z.object({
  ipfs: z
    .object({
      videoFileCid: z.string(),
      videoFileUrl: z.string(),
      videoFileGatewayUrl: z.string(),
      nftMetadataCid: z.string(),
      nftMetadataUrl: z.string(),
      nftMetadataGatewayUrl: z.string(),
      /** The pinning service answered, for the video and the metadata, the CIDs computed here (section 17). */
      verified: z.boolean().optional(),
    })
    .optional(),
  custom: z.object({ url: z.string(), method: z.string(), status: z.number() }).optional(),
});

export type ExportOutput = z.infer<typeof exportOutputSchema>;
export type IpfsExportOutput = NonNullable<ExportOutput["ipfs"]>;
export type CustomExportOutput = NonNullable<ExportOutput["custom"]>;

export const taskSchema = z.object({
  id: z.uuid(),
  type: z.enum(PUBLIC_TASK_TYPES),
  createdAt: z.number(),
  updatedAt: z.number(),
  inputAssetId: z.uuid().optional(),
  params: z.record(z.string(), z.unknown()),
  status: z.object({
    phase: z.enum(TASK_PHASES),
    progress: z.number().min(0).max(1),
    errorMessage: z.string().optional(),
    /** Runs again so far: of a step that failed for a passing reason, and of the whole task on request. */
    retries: z.number().int(),
    /** When the last retry began (ms since epoch); only once retried. */
    retriedAt: z.number().optional(),
    updatedAt: z.number(),
  }),
  output: z.record(z.string(), z.unknown()).optional(),
}).meta({
  id: "TaskSnapshot",
  outputId: "Task",
  example: {
    id: "3c2b1a0f-9e8d-4c7b-a6f5-e4d3c2b1a0f9",
    type: "export",
    createdAt: 1763740010000,
    updatedAt: 1763740030000,
    inputAssetId: "0f8e4c1a-6b2d-4e3f-9a8b-7c6d5e4f3a2b",
    params: { export: { custom: { url: "https://storage.example.com/videos/1.mp4", method: "PUT", headers: { Authorization: "(redacted)" } } } },
    status: { phase: "completed", progress: 1, retries: 0, updatedAt: 1763740030000 },
    output: { export: { custom: { url: "https://storage.example.com/videos/1.mp4", method: "PUT", status: 200 } } },
  },
});

/** The answer of the endpoints that create or change one task. */
export const taskEnvelopeSchema = z.object({ task: taskSchema }).meta({ id: "TaskEnvelope" });

export type TaskEnvelope = z.infer<typeof taskEnvelopeSchema>;

export type Task = z.infer<typeof taskSchema>;

export const listTasksQuerySchema = pageQuerySchema.extend({
  assetId: z.string().refine(isUuid, "must be an asset id (UUID)").optional().meta({ description: "Only the tasks of this asset." }),
  type: z.enum(PUBLIC_TASK_TYPES).optional().meta({ description: "Only the tasks of this type." }),
  phase: z.enum(TASK_PHASES).optional().meta({ description: "Only the tasks in this phase." }),
});
