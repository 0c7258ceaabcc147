import { z } from "zod";

/** Livepeer's `transcode-profile`, as its SDK sends it; only H.264 is made here. */
export const transcodeProfileSchema = z
  .strictObject({
    name: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(64, "must be at most 64 characters").optional(),
    width: z.number({ error: "must be a number" }).int("must be an integer").min(16, "must be at least 16").max(7680, "must be at most 7680"),
    height: z.number({ error: "must be a number" }).int("must be an integer").min(16, "must be at least 16").max(7680, "must be at most 7680"),
    bitrate: z.number({ error: "must be a number of bits per second" }).int("must be an integer").min(50_000, "must be at least 50000 bits/s").max(50_000_000, "must be at most 50000000 bits/s"),
    fps: z.number({ error: "must be a number" }).int("must be an integer").min(1, "must be at least 1").max(120, "must be at most 120").optional(),
    fpsDen: z.number({ error: "must be a number" }).int("must be an integer").min(1, "must be at least 1").max(1001, "must be at most 1001").optional(),
    gop: z.string({ error: "must be a string" }).max(16).optional(),
    profile: z.enum(["H264Baseline", "H264Main", "H264High", "H264ConstrainedHigh"], { error: "must be H264Baseline, H264Main, H264High or H264ConstrainedHigh" }).optional(),
    quality: z.number({ error: "must be a number" }).int().min(0, "must be at least 0").max(44, "must be at most 44").optional(),
    encoder: z
      .string({ error: "must be a string" })
      .superRefine((encoder, ctx) => {
        if (encoder !== "H.264") ctx.addIssue({ code: "custom", message: `${encoder} is not supported: renditions are H.264` });
      })
      .optional(),
  })
  .meta({ id: "TranscodeProfile", description: "One rung of the ladder (Livepeer's transcode-profile): a box the video is fitted into, matched to its orientation. Only `encoder: \"H.264\"`." });

export type TranscodeProfile = z.infer<typeof transcodeProfileSchema>;

export const profilesSchema = z
  .array(transcodeProfileSchema)
  .max(8, "must have at most 8 profiles")
  .meta({ description: "The ladder to make; without it, the server's DEFAULT_PROFILES (360p 1 Mb/s, 720p 3 Mb/s, 1080p 6 Mb/s)." });

export const BUILT_IN_PROFILES: TranscodeProfile[] = [
  { name: "360p0", width: 640, height: 360, bitrate: 1_000_000 },
  { name: "720p0", width: 1280, height: 720, bitrate: 3_000_000 },
  { name: "1080p0", width: 1920, height: 1080, bitrate: 6_000_000 },
];

/** DEFAULT_PROFILES: a JSON array of profiles; unset, the built-in ladder. */
export function parseProfilesSetting(text: string | undefined): TranscodeProfile[] {
  if (!text) return BUILT_IN_PROFILES;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`DEFAULT_PROFILES: must be a JSON array of profiles, such as [{"name":"480p","width":854,"height":480,"bitrate":1500000}]`);
  }
  const parsed = profilesSchema.min(1, "must have at least one profile").safeParse(json);
  if (!parsed.success) throw new Error(`DEFAULT_PROFILES: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}
