/**
 * One viewing session of our player, told to the service in the shape of Livepeer's player
 * reports (`SessionData` of @livepeer/react 4.x): a heartbeat of what happened since the last
 * report, the one-off times once, and the notable events. The player feeds it what the video
 * element does; `take` gives the next report. Nothing is reported before the viewer presses play
 * (or playback fails): a page that only shows the player is no view.
 */

type Clock = () => number;

interface OneOffs {
  play_to_first_frame_ms?: number;
  mount_to_play_ms?: number;
  mount_to_first_frame_ms?: number;
  duration_ms?: number;
  autoplay_status?: "autoplay" | "none";
}

interface Sums {
  errors: number;
  stalled_count: number;
  waiting_count: number;
  time_playing_ms: number;
  time_waiting_ms: number;
}

const ZERO: Sums = { errors: 0, stalled_count: 0, waiting_count: 0, time_playing_ms: 0, time_waiting_ms: 0 };

type SessionEvent =
  | { type: "play" | "pause" | "ended" | "first-frame"; timestamp: number }
  | { type: "error"; timestamp: number; message: string; category: "unknown" };

export interface PageFacts {
  domain: string;
  path: string;
  userAgent: string;
  /** The stream's URL, without its query (a `jwt` asset's carries a token). */
  sourceUrl: string;
}

/** A report taken: send `body`; if it could not be sent, `putBack` so the next report carries it. */
export interface TakenReport {
  body: string;
  putBack(): void;
}

export const REPORT_INTERVAL_MS = 5000;

export class PlaybackSession {
  readonly id = crypto.randomUUID();
  private readonly mountedAt: number;
  private intent = false;
  private playingSince: number | undefined;
  private waitingSince: number | undefined;
  private playAt: number | undefined;
  private firstFrameSeen = false;
  private totals: Sums = { ...ZERO };
  /** What reports already carried: the next one says what changed since. */
  private reported: Sums = { ...ZERO };
  private oneOffs: OneOffs = {};
  private events: SessionEvent[] = [];

  constructor(
    private readonly playbackId: string,
    private readonly page: PageFacts,
    private readonly clock: Clock = Date.now,
  ) {
    this.mountedAt = clock();
  }

  /** The viewer pressed play (or autoplay started). */
  play(autoplay = false) {
    const now = this.clock();
    this.intent = true;
    this.events.push({ type: "play", timestamp: now });
    if (this.playAt === undefined) {
      this.playAt = now;
      this.oneOffs.mount_to_play_ms = now - this.mountedAt;
      this.oneOffs.autoplay_status = autoplay ? "autoplay" : "none";
    }
  }

  /** A frame is on screen and time moves. */
  playing() {
    const now = this.clock();
    this.stopWaiting(now);
    this.playingSince ??= now;
    if (this.firstFrameSeen) return;
    this.firstFrameSeen = true;
    this.events.push({ type: "first-frame", timestamp: now });
    this.oneOffs.mount_to_first_frame_ms = now - this.mountedAt;
    if (this.playAt !== undefined) this.oneOffs.play_to_first_frame_ms = now - this.playAt;
  }

  paused() {
    this.stopPlaying(this.clock());
    this.events.push({ type: "pause", timestamp: this.clock() });
  }

  ended() {
    const now = this.clock();
    this.stopPlaying(now);
    this.stopWaiting(now);
    this.events.push({ type: "ended", timestamp: now });
  }

  /** Playback stopped for want of data: rebuffering, once a frame was shown (before, it is the time to first frame). */
  waiting() {
    const now = this.clock();
    this.stopPlaying(now);
    if (!this.firstFrameSeen || this.waitingSince !== undefined) return;
    this.waitingSince = now;
    this.totals.waiting_count++;
  }

  /** The media stopped arriving. */
  stalled() {
    if (this.playAt !== undefined) this.totals.stalled_count++;
  }

  error(message: string) {
    const now = this.clock();
    this.intent = true;
    this.stopPlaying(now);
    this.totals.errors++;
    this.events.push({ type: "error", timestamp: now, message: message.slice(0, 500), category: "unknown" });
  }

  durationKnown(seconds: number) {
    if (Number.isFinite(seconds) && seconds > 0 && this.oneOffs.duration_ms === undefined)
      this.oneOffs.duration_ms = Math.round(seconds * 1000);
  }

  /** Whether the session is playing now: its reports keep it among the viewers of "now". */
  get isPlaying() {
    return this.playingSince !== undefined || this.waitingSince !== undefined;
  }

  /** The next report, or undefined when there is nothing to tell (no play yet, or nothing since the last one while paused). */
  take(): TakenReport | undefined {
    if (!this.intent) return undefined;
    const now = this.clock();
    const totals = this.currentTotals(now);
    const delta = Object.fromEntries(
      Object.entries(totals).map(([key, value]) => [key, value - this.reported[key as keyof Sums]]),
    ) as unknown as Sums;
    const changed = Object.values(delta).some((value) => value > 0);
    if (!changed && this.events.length === 0 && Object.keys(this.oneOffs).length === 0 && !this.isPlaying)
      return undefined;
    const events = this.events;
    const oneOffs = this.oneOffs;
    this.events = [];
    this.oneOffs = {};
    this.reported = totals;
    const heartbeat = {
      id: crypto.randomUUID(),
      type: "heartbeat",
      timestamp: now,
      warnings: 0,
      time_warning_ms: 0,
      time_errored_ms: 0,
      time_stalled_ms: 0,
      ...delta,
      ...oneOffs,
    };
    const body = JSON.stringify({
      session_id: this.id,
      playback_id: this.playbackId,
      protocol: "application/vnd.apple.mpegurl",
      domain: this.page.domain,
      path: this.page.path,
      params: null,
      hash: null,
      source_url: this.page.sourceUrl,
      player: "hls",
      version: "video-asset-service",
      user_agent: this.page.userAgent,
      live: false,
      events: [...events.map((event) => ({ id: crypto.randomUUID(), ...event })), heartbeat],
    });
    return {
      body,
      putBack: () => {
        for (const key of Object.keys(delta) as Array<keyof Sums>) this.reported[key] -= delta[key];
        this.events = [...events, ...this.events];
        this.oneOffs = { ...oneOffs, ...this.oneOffs };
      },
    };
  }

  private currentTotals(now: number): Sums {
    return {
      ...this.totals,
      time_playing_ms: this.totals.time_playing_ms + (this.playingSince === undefined ? 0 : now - this.playingSince),
      time_waiting_ms: this.totals.time_waiting_ms + (this.waitingSince === undefined ? 0 : now - this.waitingSince),
    };
  }

  private stopPlaying(now: number) {
    if (this.playingSince === undefined) return;
    this.totals.time_playing_ms += now - this.playingSince;
    this.playingSince = undefined;
  }

  private stopWaiting(now: number) {
    if (this.waitingSince === undefined) return;
    this.totals.time_waiting_ms += now - this.waitingSince;
    this.waitingSince = undefined;
  }
}
