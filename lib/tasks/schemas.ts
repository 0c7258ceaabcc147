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
});

export type Task = z.infer<typeof taskSchema>;

export const listTasksQuerySchema = pageQuerySchema.extend({
  assetId: z.string().refine(isUuid, "must be an asset id (UUID)").optional(),
  type: z.enum(PUBLIC_TASK_TYPES).optional(),
  phase: z.enum(TASK_PHASES).optional(),
});
