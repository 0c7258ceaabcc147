import { z } from "zod";

const count = z.number().int().nonnegative();

/** The usage takes no parameters: one it does not know is refused rather than ignored. */
export const usageQuerySchema = z.strictObject({});

export const usageSchema = z
  .object({
    assets: z
      .object({ total: count, waiting: count, processing: count, ready: count, failed: count })
      .meta({ description: "The assets `GET /api/asset` lists, by status." }),
    storageBytes: count.meta({ description: "The sum of the listed assets' `size`: the files kept, refused ones included." }),
    uploadedSeconds: z.number().nonnegative().meta({ description: "The sum of the listed assets' durations (`videoSpec.duration`), in seconds." }),
    exportsThisMonth: count.meta({ description: "Export tasks created since `monthStart`, in any phase." }),
    deliveredBytes: count.meta({ description: "Playback's bytes sent in the 30 days of `days`: the MP4 and HLS segments, as clients read them." }),
    deliveredSeconds: z.number().nonnegative().meta({ description: "The seconds of video those bytes carry, in the 30 days of `days`." }),
    monthStart: z.number().meta({ description: "The start of the current month, UTC." }),
    days: z
      .array(
        z.object({
          start: z.number().meta({ description: "The day's start, UTC midnight." }),
          uploads: count.meta({ description: "Assets created that day, deleted ones included (a history of uploads)." }),
          deliveredBytes: count,
          deliveredSeconds: z.number().nonnegative(),
        }),
      )
      .meta({ description: "The last 30 days, oldest first, today last." }),
  })
  .meta({
    id: "Usage",
    example: {
      assets: { total: 12, waiting: 1, processing: 0, ready: 10, failed: 1 },
      storageBytes: 734003200,
      uploadedSeconds: 1830.5,
      exportsThisMonth: 3,
      deliveredBytes: 52428800,
      deliveredSeconds: 610.2,
      monthStart: 1761955200000,
      days: [
        { start: 1761264000000, uploads: 0, deliveredBytes: 0, deliveredSeconds: 0 },
        { start: 1761350400000, uploads: 4, deliveredBytes: 52428800, deliveredSeconds: 610.2 },
      ],
    },
  });

export type Usage = z.infer<typeof usageSchema>;
