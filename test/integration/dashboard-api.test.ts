import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as keyById from "@/app/api/keys/[id]/route";
import * as keyList from "@/app/api/keys/route";
import { checkCredentials, signUpWithPassword } from "@/lib/auth/credentials";
import { findApiTokenByHash, revokeApiToken } from "@/lib/db/api-tokens";
import { hashApiToken } from "@/lib/auth/api-tokens";
import { startSession } from "@/lib/auth/sessions";
import { insertUser } from "@/lib/db/users";
import { requestUpload, routes } from "../helpers/api";
import { callRoute, type CallOptions } from "../helpers/call-route";
import { ORIGIN, startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

const COOKIE = "authjs.session-token";
const nextLink = (response: Response) => response.headers.get("link")?.match(/<([^>]+)>; rel="next"/)?.[1];

describe.each(testDatabaseKinds)("dashboard API on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind, { RATE_LIMIT_PER_MINUTE: "1000" });
  });
  afterAll(() => t.close());

  /** A session cookie as Auth.js issues it after sign-in, with its server-side session. */
  async function sessionCookie(userId: string, options: { secret?: string; maxAge?: number; name?: string } = {}) {
    const name = options.name ?? COOKIE;
    const sid = await startSession(t.app.db, userId, t.app.now(), options.maxAge ?? 3600);
    const token = { sub: userId, sid };
    const value = await encode({ token, secret: options.secret ?? t.app.authSecret, salt: name, maxAge: options.maxAge });
    return `${name}=${value}`;
  }

  describe("API keys", () => {
    it("creates a key whose token is returned once, lists it without secrets, and revokes it", async () => {
      const { token: adminToken } = await t.createUser();
      const created = await callRoute(keyList.POST, "/api/keys", { token: adminToken, json: { name: "  ci deploys " } });
      expect(created.status).toBe(201);
      const { key, token } = await created.json();
      expect(token).toMatch(/^vas_[A-Za-z0-9_-]{43}$/);
      expect(key).toEqual({ id: expect.any(String), name: "ci deploys", prefix: token.slice(0, 12), createdAt: expect.any(Number), responseShape: "auto" });
      expect(await findApiTokenByHash(t.app.db, hashApiToken(token))).toMatchObject({ id: key.id });

      // The new token works, and its use shows in the list.
      expect((await callRoute(routes.assetList.GET, "/api/asset", { token })).status).toBe(200);
      const listed = await (await callRoute(keyList.GET, "/api/keys", { token })).json();
      expect(listed.map((k: { name: string }) => k.name)).toEqual(["ci deploys", "test"]);
      expect(listed[0].lastUsedAt).toEqual(expect.any(Number));
      expect(JSON.stringify(listed)).not.toMatch(/tokenHash|token_hash/);
      expect(JSON.stringify(listed)).not.toContain(token);

      const revoke = () => callRoute(keyById.DELETE, `/api/keys/${key.id}`, { method: "DELETE", token: adminToken, params: { id: key.id } });
      expect((await revoke()).status).toBe(204);
      expect((await revoke()).status).toBe(204);
      expect((await callRoute(routes.assetList.GET, "/api/asset", { token })).status).toBe(401);
      const after = await (await callRoute(keyList.GET, "/api/keys", { token: adminToken })).json();
      expect(after[0]).toMatchObject({ id: key.id, revokedAt: expect.any(Number) });
    });

    it("stops accepting a key revoked by another process within a second, though it had just verified it", async () => {
      const user = await t.createUser();
      const list = () => callRoute(routes.assetList.GET, "/api/asset", { token: user.token });
      expect((await list()).status).toBe(200);
      // Another process sharing the database revokes it: the database's notification empties this one's cache.
      await revokeApiToken(t.app.db, user.userId, user.tokenId, t.app.now());
      const revoked = performance.now();
      let status = 200;
      while (status === 200 && performance.now() - revoked < 5000) status = (await list()).status;
      expect(status).toBe(401);
      expect(performance.now() - revoked).toBeLessThan(1000);
    });

    it("validates the name, pages the list, and hides other users' keys", async () => {
      const alice = await t.createUser();
      const bob = await t.createUser();
      for (const [json, status] of [
        [{ name: "" }, 422],
        [{ name: "x".repeat(101) }, 422],
        [{}, 422],
        [{ name: "ok", extra: 1 }, 422],
        ["{oops", 400],
      ] as const) {
        expect((await callRoute(keyList.POST, "/api/keys", { token: alice.token, json })).status).toBe(status);
      }
      for (const name of ["a", "b", "c"]) {
        await callRoute(keyList.POST, "/api/keys", { token: alice.token, json: { name } });
        t.advanceClock(1);
      }
      const names: string[] = [];
      let url: string | undefined = "/api/keys?limit=2";
      while (url) {
        const response = await callRoute(keyList.GET, url, { token: alice.token });
        names.push(...(await response.json()).map((k: { name: string }) => k.name));
        url = nextLink(response);
      }
      expect(names).toEqual(["c", "b", "a", "test"]);

      const bobsKeys = await (await callRoute(keyList.GET, "/api/keys", { token: bob.token })).json();
      expect(bobsKeys.map((k: { id: string }) => k.id)).toEqual([bob.tokenId]);
      const foreign = await callRoute(keyById.DELETE, `/api/keys/${alice.tokenId}`, {
        method: "DELETE",
        token: bob.token,
        params: { id: alice.tokenId },
      });
      expect(foreign.status).toBe(404);
      expect((await callRoute(routes.assetList.GET, "/api/asset", { token: alice.token })).status).toBe(200);
      const malformed = await callRoute(keyById.DELETE, "/api/keys/nope", { method: "DELETE", token: bob.token, params: { id: "nope" } });
      expect(malformed.status).toBe(404);
    });
  });

  describe("asset search", () => {
    it("matches a case-insensitive substring of the name, wildcards included literally, across pages", async () => {
      const { token } = await t.createUser();
      for (const name of ["Holiday 2024", "holiday_clip", "100% real", "work", "HOLIDAYS"]) {
        await requestUpload(token, name);
        t.advanceClock(1);
      }
      const search = async (query: string) => {
        const response = await callRoute(routes.assetList.GET, `/api/asset?${query}`, { token });
        expect(response.status).toBe(200);
        return (await response.json()).map((a: { name: string }) => a.name);
      };
      expect(await search("search=holiday")).toEqual(["HOLIDAYS", "holiday_clip", "Holiday 2024"]);
      expect(await search("search=%25")).toEqual(["100% real"]);
      expect(await search("search=_")).toEqual(["holiday_clip"]);
      expect(await search("search=%20%20")).toHaveLength(5);
      expect(await search("search=nothing")).toEqual([]);

      const first = await callRoute(routes.assetList.GET, "/api/asset?search=HOLIDAY&limit=2", { token });
      const next = nextLink(first)!;
      expect(new URL(next).searchParams.get("search")).toBe("HOLIDAY");
      const second = await callRoute(routes.assetList.GET, next, { token });
      expect((await second.json()).map((a: { name: string }) => a.name)).toEqual(["Holiday 2024"]);

      const tooLong = await callRoute(routes.assetList.GET, `/api/asset?search=${"x".repeat(513)}`, { token });
      expect(tooLong.status).toBe(400);
      expect((await tooLong.json()).errors[0]).toMatch(/^search: /);
    });
  });

  describe("session cookie authentication", () => {
    let user: { userId: string; token: string };
    beforeAll(async () => {
      user = await t.createUser();
      await requestUpload(user.token, "mine");
    });

    const call = async (handler: unknown, url: string, cookie: string, options: CallOptions = {}) =>
      callRoute(handler, url, { ...options, headers: { cookie, ...options.headers } });

    it("reads the caller from the Auth.js session cookie, plain or __Secure-", async () => {
      for (const name of [COOKIE, `__Secure-${COOKIE}`]) {
        const response = await call(routes.assetList.GET, "/api/asset", await sessionCookie(user.userId, { name }));
        expect(response.status).toBe(200);
        expect((await response.json()).map((a: { name: string }) => a.name)).toEqual(["mine"]);
      }
    });

    it("refuses expired, forged and unknown sessions with 401", async () => {
      const expired = await sessionCookie(user.userId, { maxAge: -3600 });
      const forged = await sessionCookie(user.userId, { secret: "not-the-secret-of-this-service" });
      const noSession = { sub: user.userId, sid: "00000000-0000-4000-8000-000000000000" };
      const ghost = `${COOKIE}=${await encode({ token: noSession, secret: t.app.authSecret, salt: COOKIE })}`;
      for (const cookie of [expired, forged, ghost, `${COOKIE}=garbage`]) {
        const response = await call(routes.assetList.GET, "/api/asset", cookie);
        expect(response.status).toBe(401);
        expect((await response.json()).errors[0]).toMatch(/sign in/);
      }
    });

    it("prefers an Authorization header over the cookie", async () => {
      const cookie = await sessionCookie(user.userId);
      const response = await call(routes.assetList.GET, "/api/asset", cookie, { headers: { authorization: "Bearer vas_wrong" } });
      expect(response.status).toBe(401);
    });

    it("refuses cookie-authenticated changes from another origin (CSRF) with 403", async () => {
      const cookie = await sessionCookie(user.userId);
      const post = (headers: Record<string, string>) =>
        call(routes.requestUploadRoute.POST, "/api/asset/request-upload", cookie, { json: { name: "csrf" }, headers });
      const foreign: Array<Record<string, string>> = [
        {},
        { origin: "https://evil.example" },
        { origin: "null" },
        { origin: "http://service.test.evil.example" },
      ];
      for (const headers of foreign) {
        const response = await post(headers);
        expect(response.status).toBe(403);
        expect(Object.keys(await response.json())).toEqual(["errors"]);
      }
      expect((await post({ origin: ORIGIN })).status).toBe(200);
      // Behind a proxy the host the browser used is the forwarded one.
      expect((await post({ origin: "https://videos.example.com", "x-forwarded-host": "videos.example.com" })).status).toBe(200);
      // A key needs no Origin: backends are not browsers.
      const byToken = await callRoute(routes.requestUploadRoute.POST, "/api/asset/request-upload", { token: user.token, json: { name: "backend" } });
      expect(byToken.status).toBe(200);
    });
  });

  it("rate-limits a signed-in user under user:<id>, apart from their tokens", async () => {
    const limited = await startTestApp(kind, { RATE_LIMIT_PER_MINUTE: "2" });
    try {
      const user = await limited.createUser();
      const sid = await startSession(limited.app.db, user.userId, limited.app.now(), 3600);
      const cookie = `${COOKIE}=${await encode({ token: { sub: user.userId, sid }, secret: limited.app.authSecret, salt: COOKIE })}`;
      const bySession = () => callRoute(routes.assetList.GET, "/api/asset", { headers: { cookie } });
      expect((await bySession()).status).toBe(200);
      expect((await bySession()).status).toBe(200);
      const third = await bySession();
      expect(third.status).toBe(429);
      expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await callRoute(routes.assetList.GET, "/api/asset", { token: user.token })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  describe("password accounts", () => {
    it("signs up once per email, case-insensitively, and checks passwords", async () => {
      const credentials = { email: `dana-${Date.now()}@example.com`, password: "long enough password" };
      const first = await signUpWithPassword(t.app.db, credentials, t.app.now());
      expect(first.ok).toBe(true);
      const again = await signUpWithPassword(t.app.db, { ...credentials, email: credentials.email.toUpperCase() }, t.app.now());
      expect(again).toEqual({ ok: false, reason: "email-taken" });
      expect((await checkCredentials(t.app.db, credentials))?.email).toBe(credentials.email);
      expect(await checkCredentials(t.app.db, { ...credentials, password: "wrong password!" })).toBeUndefined();
      expect(await checkCredentials(t.app.db, { ...credentials, email: "nobody@example.com" })).toBeUndefined();
      // A user created by OAuth (no password) cannot be signed into with any password.
      const oauthOnly = await insertUser(t.app.db, { email: `oauth-${Date.now()}@example.com`, createdAt: t.app.now() });
      expect(await checkCredentials(t.app.db, { email: oauthOnly.email, password: "anything at all" })).toBeUndefined();
    });
  });
});
