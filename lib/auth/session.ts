import { getToken } from "next-auth/jwt";
import type { Db } from "@/lib/db/client";
import { activeSessionUser } from "./sessions";

/** Auth.js names its cookie `__Secure-…` when it was set over HTTPS. */
const SECURE_SESSION_COOKIE = "__Secure-authjs.session-token";

/**
 * The id of the user whose Auth.js session cookie the request carries; undefined when there is
 * none, it is expired or forged, or its server-side session has ended (signed out, signed out
 * everywhere, password changed). Reads the cookie with Auth.js's own decoder, so it needs only
 * the Fetch `Request` (no Next.js request scope).
 */
export async function sessionUserId(db: Db, request: Request, secret: string, now: number): Promise<string | undefined> {
  const cookie = request.headers.get("cookie") ?? "";
  if (!cookie.includes("authjs.session-token")) return undefined;
  // Only the cookie: getToken would otherwise read a Bearer header as a session token.
  const headers = new Headers({ cookie });
  const token = await getToken({
    req: { headers },
    secret,
    secureCookie: cookie.includes(SECURE_SESSION_COOKIE),
  });
  if (!token?.sub) return undefined;
  const userId = await activeSessionUser(db, token.sid, now);
  return userId === token.sub ? userId : undefined;
}
