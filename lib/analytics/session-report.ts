import { z } from "zod";
import { ApiError, badRequest } from "@/lib/api/errors";
import { fieldName, findJsonProblem } from "@/lib/api/json-value";

/** The largest report body read (Livepeer's player sends a few hundred bytes every 5 s). */
export const MAX_REPORT_BYTES = 64 * 1024;

/** A day: no delta or time to first frame of one report can be longer (the sums hold them within the time passed anyway). */
const MAX_MS = 86_400_000;
const millis = z.number().nonnegative().max(MAX_MS);
const count = z.number().int().nonnegative().max(100_000);
/** Free text the service keeps or hashes: longer is cut, not refused (a user agent can be long). */
const text = (max: number) => z.string().transform((value) => value.slice(0, max));

/**
 * `@livepeer/react` 4.x's heartbeat: counts and times since the player's previous report, and the
 * one-off figures once. Fields it may add later are ignored.
 */
const heartbeatSchema = z.object({
  type: z.literal("heartbeat"),
  errors: count.default(0),
  stalled_count: count.default(0),
  waiting_count: count.default(0),
  time_playing_ms: millis.default(0),
  time_waiting_ms: millis.default(0),
  time_stalled_ms: millis.default(0),
  time_errored_ms: millis.default(0),
  play_to_first_frame_ms: millis.optional(),
  mount_to_first_frame_ms: millis.optional(),
  mount_to_play_ms: millis.optional(),
  duration_ms: millis.optional(),
  autoplay_status: z.string().max(64).optional(),
});

const errorEventSchema = z.object({
  type: z.literal("error"),
  message: z.string().max(8192).optional(),
  category: z.string().max(64).optional(),
});

/** Every other event (play, pause, first-frame, seek…): only its type is read. */
const otherEventSchema = z.object({ type: z.string().min(1).max(64) });

/** Livepeer's `SessionData`. Fields the service does not use (path, params, source_url…) are not read. */
const sessionDataSchema = z.object({
  session_id: z.string().min(1).max(256),
  playback_id: z.string().min(1).max(256),
  domain: text(512).nullish(),
  user_agent: text(1024).nullish(),
  uid: text(256).nullish(),
  events: z.array(z.unknown()).max(10_000),
});

/** The body as the OpenAPI document shows it: the same fields, with the events' shapes. */
export const sessionDataDocument = sessionDataSchema
  .extend({ events: z.array(z.union([heartbeatSchema, errorEventSchema, otherEventSchema])).max(10_000) })
  .meta({
    id: "SessionData",
    description:
      "The report `@livepeer/react` 4.x's player sends every 5 s and with `sendBeacon` when the page hides. Fields the service does not read (`protocol`, `path`, `params`, `hash`, `source_url`, `player`, `version`, `live`, events' `id` and `timestamp`…) are accepted and ignored.",
    example: {
      session_id: "b7c1e0f2-6d0a-4a3e-9f51-2c8d7e6a1b90",
      playback_id: "k3j9x0a8b7c6d5e4",
      protocol: "application/vnd.apple.mpegurl",
      domain: "example.com",
      path: "/watch",
      user_agent:
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
      player: "hls",
      version: "4.3.6",
      live: false,
      events: [
        { id: "a1", type: "play", timestamp: 1763740000000 },
        {
          id: "a2",
          type: "heartbeat",
          timestamp: 1763740005000,
          errors: 0,
          warnings: 0,
          stalled_count: 0,
          waiting_count: 1,
          time_warning_ms: 0,
          time_errored_ms: 0,
          time_stalled_ms: 0,
          time_playing_ms: 4200,
          time_waiting_ms: 310,
          play_to_first_frame_ms: 310,
          autoplay_status: "none",
        },
      ],
    },
  });

/** What one report says about its session. */
export interface SessionReport {
  sessionId: string;
  playbackId: string;
  /** The viewer as the player names it (Livepeer's `viewerId`), when given. */
  uid?: string;
  userAgent?: string;
  domain?: string;
  /** The viewer pressed play, or playback stalled or failed: the session is a view. */
  intent: boolean;
  /** A frame was shown. */
  started: boolean;
  playtimeMs: number;
  waitingMs: number;
  stalledMs: number;
  errors: number;
  /** The first `play_to_first_frame_ms` of the report, rounded; null when it has none. */
  ttffMs: number | null;
}

/** HTML events that mean the viewer asked to play, or got a frame. */
const INTENT_EVENTS = new Set(["play", "first-frame", "error"]);

/** A report body: 400 naming the field when it is not a SessionData. */
export function parseSessionReport(body: string): SessionReport {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw badRequest("request body is not valid JSON (a SessionData report)");
  }
  const problem = findJsonProblem(json);
  if (problem) throw badRequest(problem);
  const session = check(sessionDataSchema, json, []);
  const report: SessionReport = {
    sessionId: session.session_id,
    playbackId: session.playback_id,
    uid: session.uid || undefined,
    userAgent: session.user_agent || undefined,
    domain: session.domain || undefined,
    intent: false,
    started: false,
    playtimeMs: 0,
    waitingMs: 0,
    stalledMs: 0,
    errors: 0,
    ttffMs: null,
  };
  let errorEvents = 0;
  session.events.forEach((raw, i) => {
    const path = ["events", i];
    const { type } = check(otherEventSchema, raw, path);
    if (type === "heartbeat") addHeartbeat(report, check(heartbeatSchema, raw, path));
    else if (type === "error") {
      check(errorEventSchema, raw, path);
      errorEvents++;
    }
    if (INTENT_EVENTS.has(type)) report.intent = true;
    if (type === "first-frame") report.started = true;
  });
  // The player counts an error in its heartbeat and sends it as an event too.
  report.errors = Math.max(report.errors, errorEvents);
  return report;
}

function addHeartbeat(report: SessionReport, beat: z.infer<typeof heartbeatSchema>) {
  report.playtimeMs += Math.round(beat.time_playing_ms);
  report.waitingMs += Math.round(beat.time_waiting_ms);
  report.stalledMs += Math.round(beat.time_stalled_ms);
  report.errors += beat.errors;
  if (beat.play_to_first_frame_ms !== undefined && report.ttffMs === null)
    report.ttffMs = Math.round(beat.play_to_first_frame_ms);
  const played = beat.time_playing_ms > 0 || beat.play_to_first_frame_ms !== undefined;
  if (played) report.started = true;
  if (
    played ||
    beat.mount_to_play_ms !== undefined ||
    beat.stalled_count > 0 ||
    beat.time_stalled_ms > 0 ||
    beat.errors > 0
  )
    report.intent = true;
}

function check<S extends z.ZodType>(schema: S, value: unknown, path: PropertyKey[]): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ApiError(
    400,
    result.error.issues.map((issue) => `${fieldName([...path, ...issue.path])}: ${issue.message}`),
  );
}
