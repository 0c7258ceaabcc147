import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpWithPassword } from "@/lib/auth/credentials";
import { handlers } from "@/lib/auth/next-auth";
import { loadConfig } from "@/lib/config/config";
import { routes } from "../helpers/api";
import { callRoute } from "../helpers/call-route";
import { ORIGIN, startTestApp, type TestApp } from "../helpers/test-app";

type AuthHandler = (request: Request) => Promise<Response>;
const authGet = handlers.GET as unknown as AuthHandler;
const authPost = handlers.POST as unknown as AuthHandler;

/** The `name=value` pairs of a response's Set-Cookie headers, and their attributes by name. */
function cookiesOf(response: Response) {
  return response.headers.getSetCookie().map((line) => {
    const [pair, ...attributes] = line.split(";").map((part) => part.trim());
    const name = pair.slice(0, pair.indexOf("="));
    return { pair, name, attributes: attributes.map((a) => a.toLowerCase()) };
  });
}

/** Signs in through Auth.js's own HTTP endpoints, as the browser's form post would. */
async function signInByHttp(email: string, password: string) {
  const csrf = await authGet(new Request(`${ORIGIN}/api/auth/csrf`));
  const { csrfToken } = await csrf.json();
  const cookie = cookiesOf(csrf).map((c) => c.pair).join("; ");
  return authPost(
    new Request(`${ORIGIN}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${ORIGIN}/assets` }),
    }),
  );
}

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
    const providers = await (await authGet(new Request(`${ORIGIN}/api/auth/providers`))).json();
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
