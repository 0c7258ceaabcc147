import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpWithPassword } from "@/lib/auth/credentials";
import { isResetLinkUsable, PASSWORD_RESET_TTL_MINUTES, resetPassword } from "@/lib/auth/password-reset";
import { requestPasswordReset } from "@/lib/auth/password-reset-request";
import { routes } from "../helpers/api";
import { sessionCookieOf, signInByHttp } from "../helpers/auth-http";
import { callRoute } from "../helpers/call-route";
import { eventually } from "../helpers/eventually";
import { startSmtpDouble, type SmtpDouble } from "../helpers/smtp-double";
import { ORIGIN, startTestApp, type TestApp } from "../helpers/test-app";
import { testDatabaseKinds } from "../helpers/test-databases";

const PASSWORD = "the first password";
const NEW_PASSWORD = "a brand new password";

describe.each(testDatabaseKinds)("password reset by e-mail on %s", (kind) => {
  let t: TestApp;
  let smtp: SmtpDouble;
  let accounts = 0;

  beforeAll(async () => {
    smtp = await startSmtpDouble();
    t = await startTestApp(kind, { SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: "10000" });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function newAccount() {
    const email = `reset${++accounts}-${kind}@example.com`;
    if (!(await signUpWithPassword(t.app.db, { email, password: PASSWORD }, t.app.now())).ok) throw new Error("sign-up failed");
    return email;
  }

  /** What the "Forgot password?" form does, from its own address so throttles of one test leave the others alone. */
  function ask(email: string, address = `198.51.100.${accounts}`) {
    return requestPasswordReset({ db: t.app.db, limiter: t.app.limiter, smtp: t.app.config.smtp!, now: t.app.now }, { email, address });
  }

  const mailedLink = (email: string) => eventually(() => smtp.resetLinkFor(email), 10_000, `the reset e-mail to ${email}`);
  const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
  const listAssets = (cookie: string) => callRoute(routes.assetList.GET, "/api/asset", { headers: { cookie } });

  it("mails a link to APP_URL that sets a new password once and ends every session", async () => {
    const email = await newAccount();
    const cookie = sessionCookieOf(await signInByHttp(email, PASSWORD))!;
    expect((await listAssets(cookie)).status).toBe(200);

    expect(await ask(email.toUpperCase())).toEqual({ allowed: true });
    const link = await mailedLink(email);
    expect(link.startsWith(`${ORIGIN}/reset-password?token=`)).toBe(true);
    expect(smtp.mails.at(-1)!.raw).toMatch(/^Subject: Reset your password/m);

    // A password the sign-up form would refuse is refused here too, and does not use up the link.
    expect(await resetPassword(t.app.db, { token: tokenOf(link), password: "short" }, t.app.now())).toEqual({
      ok: false,
      field: "password",
      message: "The password must be at least 8 characters.",
    });
    expect(await isResetLinkUsable(t.app.db, tokenOf(link), t.app.now())).toBe(true);

    expect(await resetPassword(t.app.db, { token: tokenOf(link), password: NEW_PASSWORD }, t.app.now())).toEqual({ ok: true });
    expect((await listAssets(cookie)).status).toBe(401);
    expect(sessionCookieOf(await signInByHttp(email, PASSWORD))).toBeUndefined();
    expect(sessionCookieOf(await signInByHttp(email, NEW_PASSWORD))).toBeDefined();

    const again = await resetPassword(t.app.db, { token: tokenOf(link), password: "yet another password" }, t.app.now());
    expect(again).toMatchObject({ ok: false, field: "token", message: expect.stringMatching(/expired or was already used/) });
    expect(await isResetLinkUsable(t.app.db, tokenOf(link), t.app.now())).toBe(false);
    expect(sessionCookieOf(await signInByHttp(email, NEW_PASSWORD))).toBeDefined();
  });

  it(`expires a link after ${PASSWORD_RESET_TTL_MINUTES} minutes, and a new password ends the user's other links`, async () => {
    const email = await newAccount();
    await ask(email);
    const first = tokenOf(await mailedLink(email));
    const late = t.app.now() + PASSWORD_RESET_TTL_MINUTES * 60_000 + 1;
    expect(await isResetLinkUsable(t.app.db, first, late)).toBe(false);
    expect(await resetPassword(t.app.db, { token: first, password: NEW_PASSWORD }, late)).toMatchObject({ ok: false, field: "token" });

    const mailsBefore = smtp.mails.length;
    await ask(email);
    await eventually(() => (smtp.mails.length > mailsBefore ? true : undefined));
    const second = tokenOf(smtp.resetLinkFor(email)!);
    expect(second).not.toBe(first);
    await ask(email);
    await eventually(() => (smtp.mails.length > mailsBefore + 1 ? true : undefined));
    const third = tokenOf(smtp.resetLinkFor(email)!);
    expect(await resetPassword(t.app.db, { token: third, password: NEW_PASSWORD }, t.app.now())).toEqual({ ok: true });
    expect(await isResetLinkUsable(t.app.db, second, t.app.now())).toBe(false);
    expect(sessionCookieOf(await signInByHttp(email, NEW_PASSWORD))).toBeDefined();
  });

  it("answers an unknown email as a known one, mails nothing for it, and throttles both alike", async () => {
    const known = await newAccount();
    const unknown = `nobody-${kind}@example.com`;
    const mailsBefore = smtp.mails.length;
    const answers: Record<"known" | "unknown", Array<{ allowed: boolean }>> = { known: [], unknown: [] };
    for (let i = 0; i < 4; i++) {
      answers.unknown.push(await ask(unknown, `192.0.2.${i}`));
      answers.known.push(await ask(known, `192.0.2.${i}`));
    }
    // Three links an hour per account, whether it exists or not: the fourth is refused the same way.
    for (const answered of [answers.unknown, answers.known]) expect(answered.map((answer) => answer.allowed)).toEqual([true, true, true, false]);

    await eventually(() => (smtp.mails.filter((m) => m.to.includes(known)).length === 3 ? true : undefined));
    expect(smtp.mails.slice(mailsBefore).every((mail) => mail.to.join() === known)).toBe(true);
  });

  it("throttles one address asking for many accounts", async () => {
    const decisions = [];
    for (let i = 0; i < 11; i++) decisions.push(await ask(`someone${i}-${kind}@example.com`, "203.0.113.99"));
    expect(decisions.slice(0, 10).every((d) => d.allowed)).toBe(true);
    expect(decisions[10]).toMatchObject({ allowed: false });
  });
});
