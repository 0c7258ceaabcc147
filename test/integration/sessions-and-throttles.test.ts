import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { changePassword } from "@/lib/auth/account";
import { signUpWithPassword } from "@/lib/auth/credentials";
import { endAllSessions } from "@/lib/auth/sessions";
import { routes } from "../helpers/api";
import { sessionCookieOf, signInByHttp, signOutByHttp } from "../helpers/auth-http";
import { callRoute } from "../helpers/call-route";
import { expectError } from "../helpers/expect-error";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

const PASSWORD = "a long enough password";

describe.each(testDatabaseKinds)("sessions and sign-in throttles on %s", (kind) => {
  let t: TestApp;
  let accounts = 0;

  beforeAll(async () => {
    t = await startTestApp(kind, { SIGN_IN_MAX_FAILURES: "10", RATE_LIMIT_PER_MINUTE: "10000" });
  });
  afterAll(() => t.close());

  async function newAccount() {
    const email = `person${++accounts}-${kind}@example.com`;
    const created = await signUpWithPassword(t.app.db, { email, password: PASSWORD }, t.app.now());
    if (!created.ok) throw new Error("sign-up failed");
    return { email, userId: created.user.id };
  }

  async function signedIn(email: string, address?: string): Promise<string> {
    const cookie = sessionCookieOf(await signInByHttp(email, PASSWORD, address));
    if (!cookie) throw new Error("no session cookie");
    return cookie;
  }

  const listAssets = (cookie: string) => callRoute(routes.assetList.GET, "/api/asset", { headers: { cookie } });
  const createKey = (cookie: string) =>
    callRoute(routes.keyList.POST, "/api/keys", { headers: { cookie, origin: "http://service.test" }, json: { name: "replayed" } });

  describe("revocable sessions", () => {
    it("end at sign-out: the old cookie gets 401 and cannot create keys", async () => {
      const { email } = await newAccount();
      const cookie = await signedIn(email);
      expect((await listAssets(cookie)).status).toBe(200);
      const signedOut = await signOutByHttp(cookie);
      expect(signedOut.status).toBe(302);
      await expectError(await listAssets(cookie), 401, /sign in/);
      await expectError(await createKey(cookie), 401);
    });

    it("end everywhere at once when the user signs out of all sessions", async () => {
      const { email, userId } = await newAccount();
      const laptop = await signedIn(email);
      const phone = await signedIn(email);
      expect((await listAssets(phone)).status).toBe(200);
      await endAllSessions(t.app.db, userId, t.app.now());
      for (const cookie of [laptop, phone]) await expectError(await listAssets(cookie), 401);
      expect((await listAssets(await signedIn(email))).status).toBe(200);
    });

    it("end when the password changes, and the new password signs in", async () => {
      const { email, userId } = await newAccount();
      const cookie = await signedIn(email);
      const wrong = await changePassword(t.app.db, userId, { currentPassword: "not it at all", newPassword: "brand new password" }, t.app.now());
      expect(wrong).toEqual({ ok: false, field: "currentPassword", message: "The current password is wrong." });
      expect((await listAssets(cookie)).status).toBe(200);
      const changed = await changePassword(t.app.db, userId, { currentPassword: PASSWORD, newPassword: "brand new password" }, t.app.now());
      expect(changed).toEqual({ ok: true, email });
      await expectError(await listAssets(cookie), 401);
      const again = sessionCookieOf(await signInByHttp(email, "brand new password"));
      expect((await listAssets(again!)).status).toBe(200);
    });
  });

  it("refuses an oversized sign-in form with 413 before Auth.js reads it", async () => {
    const response = await authRoute.POST(
      new Request("http://service.test/api/auth/callback/credentials", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `email=a%40b.example&password=${"x".repeat(100_000)}`,
      }),
      { params: Promise.resolve({}) },
    );
    await expectError(response, 413, /larger than the limit of 65536 bytes/);
  });

  describe("sign-in throttles", () => {
    it("refuse an account after 10 failures, even with the right password, with 429 and Retry-After", async () => {
      const { email } = await newAccount();
      for (let i = 0; i < 10; i++) {
        // Each failure from another address: the account's own count is what stops the eleventh.
        const refused = await signInByHttp(email, `wrong password ${i}`, `198.51.100.${i}`);
        expect(refused.headers.get("location")).toMatch(/error=CredentialsSignin/);
      }
      const throttled = await signInByHttp(email, PASSWORD, "198.51.100.200");
      await expectError(throttled, 429, /too many failed sign-ins; try again in 2 minutes/);
      // The allowance refills continuously: one more try every 90 s (15 minutes / 10).
      const retryAfter = Number(throttled.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(60);
      expect(retryAfter).toBeLessThanOrEqual(90);
      expect(sessionCookieOf(throttled)).toBeUndefined();

      t.advanceClock(retryAfter * 1000);
      expect(sessionCookieOf(await signInByHttp(email, PASSWORD, "198.51.100.201"))).toBeDefined();
    });

    it("refuse a client address after 10 failures, whatever the account, and unknown emails count alike", async () => {
      const { email } = await newAccount();
      const address = "192.0.2.44";
      for (let i = 0; i < 10; i++) await signInByHttp(`nobody${i}@example.com`, "wrong password", address);
      await expectError(await signInByHttp(email, PASSWORD, address), 429);
      expect(sessionCookieOf(await signInByHttp(email, PASSWORD, "192.0.2.45"))).toBeDefined();
    });

    it("forgive an account's failures after a successful sign-in", async () => {
      const { email } = await newAccount();
      for (let i = 0; i < 9; i++) await signInByHttp(email, "wrong password", `203.0.113.${i}`);
      expect(sessionCookieOf(await signInByHttp(email, PASSWORD, "203.0.113.100"))).toBeDefined();
      for (let i = 0; i < 9; i++) await signInByHttp(email, "wrong password", `203.0.113.${20 + i}`);
      expect(sessionCookieOf(await signInByHttp(email, PASSWORD, "203.0.113.101"))).toBeDefined();
    });
  });
});
