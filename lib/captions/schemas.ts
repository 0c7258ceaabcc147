import { z } from "zod";
import { TEXT_TRACK_TYPES } from "@/lib/db/schema";
import { isHttpUrl } from "@/lib/import/source-url";

/** The most a track's file may hold (WebVTT or SRT, inline or fetched). */
export const MAX_TRACK_BYTES = 2 * 1024 * 1024;

/** An asset holds at most this many tracks: its list is answered whole. */
export const MAX_TRACKS_PER_ASSET = 50;

/** The request body's limit: the file inline, every character escaped in the worst ordinary case (`\n`, `"`), and the other fields. */
export const TRACK_BODY_LIMIT = 2 * MAX_TRACK_BYTES + 64 * 1024;

function canonicalLanguage(code: string): string | undefined {
  if (!/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(code)) return undefined;
  try {
    return Intl.getCanonicalLocales(code)[0];
  } catch {
    return undefined;
  }
}

/** `POST /api/asset/{id}/tracks`. */
export const createTrackSchema = z
  .strictObject({
    type: z.literal("text", { error: 'must be "text"' }),
    textType: z.enum(TEXT_TRACK_TYPES, { error: 'must be "subtitles" or "captions"' }).meta({
      description: "`captions` describe sounds as well as speech (for viewers who cannot hear them); `subtitles` translate or transcribe speech.",
    }),
    languageCode: z
      .string({ error: "is required and must be a BCP 47 language tag" })
      .max(35, "is too long")
      .transform((code, ctx) => {
        const canonical = canonicalLanguage(code);
        if (canonical) return canonical;
        ctx.addIssue({ code: "custom", message: "must be a BCP 47 language tag (en, pt-BR, zh-Hant)" });
        return z.NEVER;
      })
      .meta({ description: "BCP 47 (`en`, `pt-BR`); stored canonicalised.", example: "en" }),
    name: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(100, "must be at most 100 characters").optional().meta({
      description: "What players show in their captions menu; by default the language's name (`English`), with ` (CC)` for captions.",
    }),
    url: z
      .string({ error: "must be a string" })
      .max(8192, "is too long")
      .refine(isHttpUrl, "must be an absolute http(s) URL")
      .optional()
      .meta({ description: "Where the service fetches the file (GET through its address guard, following up to 5 redirects), at most 2 MiB." }),
    text: z.string({ error: "must be a string" }).optional().meta({ description: "The file itself, WebVTT or SRT, at most 2 MiB of UTF-8." }),
  })
  .superRefine((body, ctx) => {
    if ((body.url === undefined) === (body.text === undefined)) {
      ctx.addIssue({ code: "custom", path: body.url === undefined ? ["text"] : ["url"], message: "give either url or text, not both nor neither" });
    }
  })
  .meta({ example: { type: "text", textType: "subtitles", languageCode: "en", url: "https://example.com/subtitles/en.vtt" } });

export type CreateTrack = z.infer<typeof createTrackSchema>;

/** A subtitle or caption track, as Livepeer and Mux show one. */
export const trackSchema = z
  .object({
    id: z.uuid(),
    type: z.literal("text"),
    textType: z.enum(TEXT_TRACK_TYPES),
    languageCode: z.string(),
    name: z.string(),
    status: z.literal("ready").meta({ description: "A track is checked and stored before it is answered: always `ready`." }),
  })
  .meta({ id: "Track", example: { id: "7f1c3a52-9d0e-4b8a-a6f1-2c3d4e5f6a7b", type: "text", textType: "subtitles", languageCode: "en", name: "English", status: "ready" } });

export type Track = z.infer<typeof trackSchema>;

export const trackListSchema = z.array(trackSchema).meta({ id: "TrackList" });
