import { z } from "zod";
import { assetAnswerSchema } from "@/lib/assets/schemas";
import { taskSchema } from "@/lib/tasks/schemas";

const milliseconds = (what: string) =>
  z.number({ error: `must be a number of milliseconds ${what}` }).min(0, "must not be negative");

/** `POST /api/clip`: Livepeer's `createClip` (its SDK's `stream.createClip`), of an asset. */
export const createClipSchema = z
  .strictObject({
    playbackId: z.string({ error: "is required and must be a string" }).min(1, "must not be empty").max(64, "is not a playbackId").meta({ description: "The playbackId of one of your ready assets." }),
    startTime: milliseconds("from the start of the video").meta({ description: "Where the clip starts, in milliseconds from the start of the video: its first frame is the one shown then." }),
    endTime: milliseconds("from the start of the video")
      .optional()
      .meta({ description: "Where the clip ends, in milliseconds from the start of the video, after `startTime`; the end of the video when absent." }),
    name: z
      .string({ error: "must be a string" })
      .trim()
      .min(1, "must not be empty")
      .max(512, "must be at most 512 characters")
      .optional()
      .meta({ description: "The new asset's name; `Clip of <the asset's name>` when absent." }),
    sessionId: z
      .unknown()
      .refine((value) => value === undefined, "is not supported: clips are cut from assets, not from livestream sessions")
      .optional()
      .meta({ description: "Not supported: clips are cut from assets, not from livestream sessions." }),
  })
  .meta({ example: { playbackId: "k3j9x0a8b7c6d5e4", startTime: 4200, endTime: 11700, name: "The goal" } });

export type CreateClip = z.infer<typeof createClipSchema>;

/** The clip's asset (`waiting`, `source.type` `clip`) and its `clip` task. */
export const clipCreatedSchema = z.object({ asset: assetAnswerSchema, task: taskSchema }).meta({ id: "ClipCreated" });

/** The `clip` task's `params` (Livepeer's): the times asked, and the asset cut from. */
export interface ClipParams {
  clip: { clipStrategy: { playbackId: string; startTime: number; endTime: number }; inputId: string };
}
