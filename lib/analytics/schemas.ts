import { z } from "zod";

export const TIME_STEPS = ["hour", "day", "week", "month", "year"] as const;
export const QUALITY_BREAKDOWNS = ["browser", "os", "device", "country"] as const;
export const VIEW_BREAKDOWNS = ["playbackId", ...QUALITY_BREAKDOWNS] as const;
export const REALTIME_BREAKDOWNS = ["playbackId", "device", "browser", "country"] as const;

/** A time as Livepeer's SDK sends one: milliseconds since the epoch, or an ISO 8601 date-time with its offset. */
const instant = z
  .string()
  .refine((value) => /^\d{1,15}$/.test(value) || z.iso.datetime({ offset: true }).safeParse(value).success, {
    message: "must be milliseconds since the epoch or an ISO 8601 date-time, such as 2025-11-21T00:00:00Z",
  })
  .transform((value) => (/^\d+$/.test(value) ? Number(value) : Date.parse(value)));

const breakdowns = <T extends readonly [string, ...string[]]>(values: T, description: string) =>
  z
    .array(z.enum(values))
    .max(values.length)
    .transform((list) => [...new Set(list)])
    .optional()
    .meta({
      description: `${description} Repeat the parameter for several: \`breakdownBy[]=browser&breakdownBy[]=os\` (\`breakdownBy\` is read too).`,
    });

const range = {
  from: instant
    .optional()
    .meta({
      description:
        "Start of the range, inclusive (default: the oldest views kept). Counted by the hour each view started in.",
    }),
  to: instant.optional().meta({ description: "End of the range, exclusive (default: now)." }),
  timeStep: z
    .enum(TIME_STEPS)
    .optional()
    .meta({
      description:
        "One row per hour, day, week (from Monday), month or year, UTC, each with its `timestamp`; without it, one row for the whole range.",
    }),
};

const unsupported = {
  streamId: z.string().optional().meta({ description: "Livepeer's live streams: this service has none (404)." }),
  creatorId: z
    .string()
    .optional()
    .meta({ description: "Not supported here (400): filter by `assetId` or `playbackId`." }),
};

export const viewsQuerySchema = z.strictObject({
  playbackId: z
    .string()
    .max(256)
    .optional()
    .meta({ description: "Only this playbackId's views (one of the caller's assets)." }),
  assetId: z.string().max(256).optional().meta({ description: "Only this asset's views (one of the caller's)." }),
  ...range,
  "breakdownBy[]": breakdowns(VIEW_BREAKDOWNS, "One row per value of each field (and time step)."),
  ...unsupported,
});

export const creatorViewsQuerySchema = z.strictObject({
  assetId: z.string().max(256).meta({ description: "The asset (one of the caller's): required." }),
  ...range,
  "breakdownBy[]": breakdowns(QUALITY_BREAKDOWNS, "One row per value of each field (and time step)."),
  ...unsupported,
});

export const realtimeQuerySchema = z.strictObject({
  playbackId: z
    .string()
    .max(256)
    .optional()
    .meta({ description: "Only this playbackId's viewers (one of the caller's assets)." }),
  "breakdownBy[]": breakdowns(REALTIME_BREAKDOWNS, "One row per value of each field."),
  creatorId: unsupported.creatorId,
});

const dimensionFields = {
  playbackId: z.string().optional(),
  browser: z.string().optional().meta({ description: "As the user agent names it (Chrome, Safari, Firefox…)." }),
  os: z.string().optional(),
  device: z.string().optional().meta({ description: "The kind of device: desktop, mobile, tablet, tv or bot." }),
  country: z
    .string()
    .optional()
    .meta({ description: "ISO 3166-1 alpha-2, from a trusted proxy's header (`VIEWER_COUNTRY_HEADER`)." }),
};

export const viewershipMetricSchema = z
  .object({
    timestamp: z
      .number()
      .int()
      .optional()
      .meta({ description: "The start of the time step, ms since the epoch (with `timeStep`)." }),
    ...dimensionFields,
    viewCount: z
      .number()
      .int()
      .nonnegative()
      .meta({
        description: "Views: sessions with play intent (the viewer pressed play, or playback stalled or failed).",
      }),
    playtimeMins: z.number().nonnegative().meta({ description: "Minutes of video played." }),
    ttffMs: z
      .number()
      .nonnegative()
      .optional()
      .meta({ description: "Mean time to first frame of the views that reported one, ms." }),
    rebufferRatio: z
      .number()
      .nonnegative()
      .optional()
      .meta({ description: "Waiting and stalled time over playing time (absent without playing time)." }),
    errorRate: z.number().min(0).max(1).optional().meta({ description: "The share of views that met an error." }),
    exitsBeforeStart: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .meta({ description: "The share of views that ended, or are still waiting, before their first frame." }),
  })
  .meta({
    id: "ViewershipMetric",
    description: "Livepeer's viewership metric. A field without a value is left out, never `null`.",
    example: {
      timestamp: 1763683200000,
      browser: "Chrome",
      viewCount: 12,
      playtimeMins: 31.5,
      ttffMs: 420,
      rebufferRatio: 0.012,
      errorRate: 0,
      exitsBeforeStart: 0.083,
    },
  });

export const creatorViewershipMetricSchema = viewershipMetricSchema
  .omit({ ttffMs: true, rebufferRatio: true, errorRate: true, exitsBeforeStart: true })
  .meta({
    id: "CreatorViewershipMetric",
    description: "Views and playtime, without the quality figures.",
    example: { viewCount: 12, playtimeMins: 31.5 },
  });

export const publicViewershipSchema = z
  .object({
    playbackId: z.string(),
    viewCount: z.number().int().nonnegative(),
    playtimeMins: z.number().nonnegative(),
  })
  .meta({
    id: "PublicViewership",
    description: "Every view of the playbackId kept (VIEW_ROLLUP_RETENTION_DAYS).",
    example: { playbackId: "k3j9x0a8b7c6d5e4", viewCount: 1520, playtimeMins: 3801.2 },
  });

export const realtimeViewershipSchema = z
  .object({
    playbackId: dimensionFields.playbackId,
    device: dimensionFields.device,
    browser: dimensionFields.browser,
    country: dimensionFields.country,
    viewCount: z
      .number()
      .int()
      .nonnegative()
      .meta({ description: "Views whose player reported in the last 30 seconds." }),
    errorRate: z.number().min(0).max(1).meta({ description: "The share of those views that met an error." }),
  })
  .meta({ id: "RealtimeViewershipMetric", example: { viewCount: 3, errorRate: 0 } });

export const viewerSummaryQuerySchema = z.strictObject({
  assetId: z.uuid().meta({ description: "The asset (one of the caller's)." }),
});

const share = z.number().min(0).max(1);

export const viewerSummarySchema = z
  .object({
    from: z.number().int().meta({ description: "The first day's start (UTC midnight, 29 days before today's)." }),
    views: z.number().int().nonnegative(),
    playtimeMins: z.number().nonnegative(),
    medianTtffMs: z
      .number()
      .nonnegative()
      .optional()
      .meta({ description: "The median time to first frame of the views that reported one." }),
    rebufferRatio: z.number().nonnegative().optional(),
    errorRate: share.optional(),
    exitsBeforeStart: share.optional(),
    days: z
      .array(
        z.object({
          start: z.number().int(),
          views: z.number().int().nonnegative(),
          playtimeMins: z.number().nonnegative(),
        }),
      )
      .meta({ description: "The last 30 UTC days, oldest first, today last." }),
    browsers: z
      .array(z.object({ name: z.string(), views: z.number().int().nonnegative() }))
      .meta({ description: 'The five browsers with the most views; "" when the user agent named none.' }),
    countries: z
      .array(z.object({ code: z.string(), views: z.number().int().nonnegative() }))
      .meta({ description: 'The five countries with the most views; "" when unknown.' }),
  })
  .meta({
    id: "ViewerSummary",
    description: "The asset page's Viewers panel: the last 30 days of views.",
    example: {
      from: 1761264000000,
      views: 3,
      playtimeMins: 4.2,
      medianTtffMs: 380,
      rebufferRatio: 0.01,
      errorRate: 0,
      exitsBeforeStart: 0,
      days: [{ start: 1761264000000, views: 3, playtimeMins: 4.2 }],
      browsers: [{ name: "Chrome", views: 3 }],
      countries: [{ code: "", views: 3 }],
    },
  });

export type ViewsQuery = z.output<typeof viewsQuerySchema>;
export type CreatorViewsQuery = z.output<typeof creatorViewsQuerySchema>;
export type RealtimeQuery = z.output<typeof realtimeQuerySchema>;
export type ViewershipMetric = z.infer<typeof viewershipMetricSchema>;
export type RealtimeViewership = z.infer<typeof realtimeViewershipSchema>;
export type ViewerSummary = z.infer<typeof viewerSummarySchema>;
