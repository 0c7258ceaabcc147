import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpWithPassword } from "@/lib/auth/credentials";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { loadConfig } from "@/lib/config/config";
import { routes } from "../helpers/api";
import { cookiesOf, signInByHttp } from "../helpers/auth-http";
import { callRoute } from "../helpers/call-route";
import { ORIGIN, startTestApp, type TestApp } from "../helpers/test-app";

describe("Auth.js handlers", () => {
  let t: TestApp;
  const email = `erin-${Date.now()}@example.com`;
  const password = "a long enough password";

  beforeAll(async () => {
    t = await startTestApp("pglite", {
      SESSION_MAX_AGE: "600",
      AUTH_GITHUB_ID: "github-client-id",
      AUTH_GITHUB_SECRET: "github-client-secret",
    });
    await signUpWithPassword(t.app.db, { email, password }, t.app.now());
  });
  afterAll(() => t.close());

  it("offers email and password, plus the OAuth providers whose variables are set", async () => {
    const response = await authRoute.GET(new Request(`${ORIGIN}/api/auth/providers`), { params: Promise.resolve({}) });
    const providers = await response.json();
    expect(Object.keys(providers).sort()).toEqual(["credentials", "github"]);
    expect(providers.github.callbackUrl).toBe(`${ORIGIN}/api/auth/callback/github`);
  });

  it("signs in with the right password into a session of SESSION_MAX_AGE that the API accepts", async () => {
    const response = await signInByHttp(email.toUpperCase(), password);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/assets`);
    const session = cookiesOf(response).find((c) => c.name === "authjs.session-token");
    expect(session).toBeDefined();
    expect(session!.attributes).toContain("httponly");
    expect(session!.attributes).toContain("samesite=lax");
    const expires = Date.parse(session!.attributes.find((a) => a.startsWith("expires="))!.slice("expires=".length));
    expect(Math.abs(expires - (Date.now() + 600_000))).toBeLessThan(60_000);

    const assets = await callRoute(routes.assetList.GET, "/api/asset", { headers: { cookie: session!.pair } });
    expect(assets.status).toBe(200);
  });

  it("refuses a wrong password and an unknown email", async () => {
    for (const [who, secret] of [
      [email, "the wrong password"],
      ["nobody@example.com", password],
    ]) {
      const response = await signInByHttp(who, secret);
      expect(response.headers.get("location")).toMatch(/\/sign-in\?error=CredentialsSignin/);
      expect(cookiesOf(response).some((c) => c.name === "authjs.session-token")).toBe(false);
    }
  });
});

describe("sign-in configuration", () => {
  it("enables an OAuth provider only with both its id and secret", () => {
    expect(loadConfig({}).oauth).toEqual({ github: undefined, google: undefined });
    expect(loadConfig({ AUTH_GOOGLE_ID: "id", AUTH_GOOGLE_SECRET: "secret" }).oauth.google).toEqual({
      clientId: "id",
      clientSecret: "secret",
    });
    expect(() => loadConfig({ AUTH_GITHUB_ID: "id" })).toThrow(/AUTH_GITHUB_ID and AUTH_GITHUB_SECRET must be set together/);
    expect(loadConfig({}).sessionMaxAgeSeconds).toBe(30 * 24 * 3600);
  });
});
