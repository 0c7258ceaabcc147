import { forbidden, unauthorized } from "@/lib/api/errors";
import { verifyApiToken } from "@/lib/auth/api-tokens";
import type { AuthDeps } from "@/lib/auth/authenticate-request";
import { sessionUserId } from "@/lib/auth/session";
import type { AssetRow } from "@/lib/db/schema";
import { issueMediaToken, mediaTokenExpiry, mediaTokenRefusal, mediaTokenSecret, type MediaGrantor } from "./media-token";
import { verifyViewerToken } from "./viewer-token";

/** What checking a playback's credentials takes from the app. */
export type PlaybackAuthDeps = Pick<AuthDeps, "db" | "verifiedTokens" | "authSecret" | "now"> & {
  /** Media tokens are signed with a key derived from it. */
  uploadSigningSecret: string;
};

/** `granted`: the links of this answer carry `mediaToken` as their `token` query parameter. */
export type PlaybackAccess = { kind: "public" } | { kind: "granted"; mediaToken: string };

type Verdict = { mediaToken: string } | { grantor: MediaGrantor } | { refused: string };

const NEEDS_TOKEN =
  "this video needs a playback token: send a JWT signed with one of its owner's signing keys as the jwt query parameter or the Livepeer-Jwt header";

/**
 * Whether `request` may play `asset`, for every playback URL (DESIGN.md section 11), read per
 * request so a changed policy or a disabled key holds at once. A `public` asset plays for anyone,
 * whatever credentials come along. A `jwt` asset needs one of: a media token (`token`), a viewer
 * token (`jwt` query parameter or `Livepeer-Jwt` header), the owner's dashboard session, or the
 * owner's API token (`Authorization: Bearer`). None: 401. Some, none accepted: 403 naming why the
 * first was refused.
 */
export async function authorizePlayback(app: PlaybackAuthDeps, request: Request, asset: AssetRow): Promise<PlaybackAccess> {
  if (asset.playbackPolicy === "public") return { kind: "public" };
  const now = app.now();
  const secret = mediaTokenSecret(app.uploadSigningSecret);
  const checks = presentedCredentials(app, request, asset, secret, now);
  if (checks.length === 0) throw unauthorized(NEEDS_TOKEN);
  let firstRefusal: string | undefined;
  for (const check of checks) {
    const verdict = await check();
    // A media token is passed on as it is: presenting it again must not extend it.
    if ("mediaToken" in verdict) return { kind: "granted", mediaToken: verdict.mediaToken };
    if ("grantor" in verdict) {
      const grant = { playbackId: asset.playbackId, expiresAt: mediaTokenExpiry(asset, now), grantor: verdict.grantor };
      return { kind: "granted", mediaToken: issueMediaToken(secret, grant) };
    }
    firstRefusal ??= verdict.refused;
  }
  throw forbidden(firstRefusal!);
}

/** A check per credential the request carries, cheapest first; each runs only if those before it refused. */
function presentedCredentials(app: PlaybackAuthDeps, request: Request, asset: AssetRow, secret: Buffer, now: number): Array<() => Promise<Verdict>> {
  const query = new URL(request.url).searchParams;
  const checks: Array<() => Promise<Verdict>> = [];
  const mediaToken = query.get("token");
  if (mediaToken !== null) {
    checks.push(async () => {
      const refused = await mediaTokenRefusal({ db: app.db, secret }, mediaToken, asset, now);
      return refused ? { refused } : { mediaToken };
    });
  }
  for (const jwt of [query.get("jwt"), request.headers.get("livepeer-jwt")]) {
    if (jwt === null) continue;
    checks.push(async () => {
      const verdict = await verifyViewerToken(app.db, jwt, asset, now);
      return "key" in verdict ? { grantor: { kind: "key", keyId: verdict.key.id } } : verdict;
    });
  }
  if ((request.headers.get("cookie") ?? "").includes("authjs.session-token")) {
    checks.push(async () => {
      const userId = await sessionUserId(app.db, request, app.authSecret, now);
      if (!userId) return { refused: "the dashboard session has ended: sign in again" };
      return owner(userId, asset, "signed in as another account than this video's owner");
    });
  }
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    checks.push(async () => {
      const token = authorization.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
      const row = token === undefined ? undefined : await verifyApiToken(app, token, now);
      if (!row) return { refused: "invalid or revoked API token" };
      return owner(row.userId, asset, "the API token is another account's than this video's owner");
    });
  }
  return checks;
}

function owner(userId: string, asset: AssetRow, otherwise: string): Verdict {
  return userId === asset.userId ? { grantor: { kind: "owner", userId } } : { refused: otherwise };
}
