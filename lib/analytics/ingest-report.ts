import { clientAddress } from "@/lib/api/client-address";
import { tooManyRequests } from "@/lib/api/errors";
import { readBodyText } from "@/lib/api/read-body";
import { isPlaybackId } from "@/lib/assets/playback-id";
import type { Config } from "@/lib/config/config";
import { findAssetByPlaybackId } from "@/lib/db/assets";
import type { Db } from "@/lib/db/client";
import { recordViewReport } from "@/lib/db/views";
import { ApiRateLimiter, rateLimitHeaders } from "@/lib/limits/api-rate-limiter";
import type { SharedLimiter } from "@/lib/limits/types";
import { viewerCountry } from "./country";
import { MAX_REPORT_BYTES, parseSessionReport } from "./session-report";
import { parseUserAgent } from "./user-agent";
import { addressKey, viewerId } from "./viewer";

export interface IngestDeps {
  db: Db;
  /** The shared store of rate limits (the database, or Redis), so the limits hold across nodes. */
  limiter: SharedLimiter;
  config: Pick<Config, "analyticsRateLimitPerAddress" | "analyticsRateLimitPerPlaybackId" | "viewerCountryHeader" | "trustProxy">;
  /** A secret every node shares: viewer hashes and the limiter's address keys derive from it. */
  secret: string;
  now(): number;
}

/**
 * Takes one player report (`POST /api/analytics/log`): at most 64 KiB (413), a SessionData (400),
 * within the limits per address and per playbackId (429). A playbackId that names no playable
 * asset is answered as a known one and recorded nowhere, so the endpoint tells nobody which ids
 * exist. The view is written before the answer: a report answered is a report kept.
 */
export async function ingestReport(deps: IngestDeps, request: Request): Promise<void> {
  const report = parseSessionReport(await readBodyText(request, MAX_REPORT_BYTES));
  const now = deps.now();
  const address = clientAddress(request.headers, deps.config.trustProxy);
  const limits = limitsOf(deps);
  await within(
    limits.perAddress,
    `analytics:address:${addressKey(deps.secret, address)}`,
    now,
    "reports from this address",
  );
  const asset = await playableAsset(deps.db, report.playbackId, now);
  if (!asset) return;
  await within(limits.perPlaybackId, `analytics:playback:${asset.playbackId}`, now, "reports for this playbackId");
  const userAgent = report.userAgent ?? request.headers.get("user-agent") ?? undefined;
  const viewer = viewerId(deps.secret, { uid: report.uid, domain: report.domain, userAgent, address }, now);
  await recordViewReport(
    deps.db,
    {
      ...asset,
      sessionId: report.sessionId,
      viewer,
      ...parseUserAgent(userAgent),
      country: viewerCountry(request.headers, deps.config.viewerCountryHeader),
      now,
      playtimeMs: report.playtimeMs,
      waitingMs: report.waitingMs,
      stalledMs: report.stalledMs,
      errors: report.errors,
      ttffMs: report.ttffMs,
      started: report.started,
    },
    report.intent,
  );
}

interface ReportLimits {
  perAddress: ApiRateLimiter;
  perPlaybackId: ApiRateLimiter;
}

const limitsByStore = new WeakMap<SharedLimiter, ReportLimits>();

function limitsOf(deps: IngestDeps): ReportLimits {
  let limits = limitsByStore.get(deps.limiter);
  if (!limits) {
    limits = {
      perAddress: new ApiRateLimiter(deps.limiter, deps.config.analyticsRateLimitPerAddress),
      perPlaybackId: new ApiRateLimiter(deps.limiter, deps.config.analyticsRateLimitPerPlaybackId),
    };
    limitsByStore.set(deps.limiter, limits);
  }
  return limits;
}

async function within(limiter: ApiRateLimiter, key: string, now: number, what: string) {
  const decision = await limiter.take(key, now);
  if (decision.allowed) return;
  const refusal = tooManyRequests(
    `too many ${what}: at most ${decision.state.limit} a minute`,
    decision.retryAfterSeconds,
  );
  Object.assign(refusal.headers, rateLimitHeaders(decision.state));
  throw refusal;
}

interface PlayableAsset {
  assetId: string;
  userId: string;
  playbackId: string;
}

/**
 * Each player reports every 5 s: which asset a playbackId names is remembered for a few seconds
 * (unknown ones too, so a flood of made-up ids costs one lookup each, not one per report). An
 * asset deleted meanwhile may get a few more seconds of reports, which nobody can query.
 */
const REMEMBER_MS = 10_000;
const REMEMBERED = 10_000;
const remembered = new WeakMap<Db, Map<string, { asset: PlayableAsset | undefined; until: number }>>();

async function playableAsset(db: Db, playbackId: string, now: number): Promise<PlayableAsset | undefined> {
  if (!isPlaybackId(playbackId)) return undefined;
  let cache = remembered.get(db);
  if (!cache) remembered.set(db, (cache = new Map()));
  const known = cache.get(playbackId);
  if (known && known.until > now) return known.asset;
  const row = await findAssetByPlaybackId(db, playbackId);
  const asset =
    row?.status === "ready" ? { assetId: row.id, userId: row.userId, playbackId: row.playbackId } : undefined;
  cache.delete(playbackId);
  if (cache.size >= REMEMBERED) cache.delete(cache.keys().next().value!);
  cache.set(playbackId, { asset, until: now + REMEMBER_MS });
  return asset;
}
