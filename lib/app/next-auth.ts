import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import Google from "next-auth/providers/google";
import { clientAddress } from "@/lib/api/client-address";
import { checkCredentials, credentialsSchema } from "@/lib/auth/credentials";
import { findOrCreateUser } from "@/lib/auth/ensure-user";
import { mayUseProvider } from "@/lib/auth/sign-up";
import { activeSessionUser, endSession, startSession } from "@/lib/auth/sessions";
import { checkSignIn, recordSignInFailure, recordSignInSuccess } from "@/lib/auth/sign-in-throttle";
import { log } from "@/lib/log/log";
import { getApp, type App } from "./app";

export const SIGN_IN_PATH = "/sign-in";

/** A sign-in refused by the throttle before the password was looked at. */
export class SignInThrottled extends CredentialsSignin {
  override code = "throttled";
}

/** Which sign-in methods the sign-in page offers besides email and password. */
export async function oauthProviders(): Promise<Array<{ id: "github" | "google"; name: string }>> {
  const { oauth } = (await getApp()).config;
  return [
    ...(oauth.github ? [{ id: "github" as const, name: "GitHub" }] : []),
    ...(oauth.google ? [{ id: "google" as const, name: "Google" }] : []),
  ];
}

function authConfig(app: App): NextAuthConfig {
  const { oauth, sessionMaxAgeSeconds } = app.config;
  return {
    secret: app.authSecret,
    // Self-hosted: the service trusts the Host / X-Forwarded-Host it is reached by.
    trustHost: true,
    session: { strategy: "jwt", maxAge: sessionMaxAgeSeconds },
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    logger: {
      // What reaches here is mostly a client's doing (a wrong password, a missing CSRF token, an
      // unknown action): one line each, without a stack trace.
      error(error) {
        // By `type`: class names do not survive minification.
        if ((error as { type?: unknown }).type === "CredentialsSignin") log.warn("auth", "a password sign-in was refused");
        else log.warn("auth", "Auth.js refused a request", error);
      },
    },
    providers: [
      Credentials({
        credentials: { email: { type: "email" }, password: { type: "password" } },
        // Every password sign-in passes here, from the dashboard's form or a POST to the callback.
        async authorize(input, request) {
          const attempt = { email: String(input.email ?? ""), address: clientAddress(request.headers, app.config.trustProxy) };
          if (!(await checkSignIn(app, attempt)).allowed) throw new SignInThrottled();
          const parsed = credentialsSchema.safeParse(input);
          const user = parsed.success ? await checkCredentials(app.db, parsed.data) : undefined;
          if (!user) {
            await recordSignInFailure(app, attempt);
            return null;
          }
          await recordSignInSuccess(app, attempt.email);
          return { id: user.id, email: user.email, name: user.name };
        },
      }),
      ...(oauth.github ? [GitHub(oauth.github)] : []),
      ...(oauth.google ? [Google(oauth.google)] : []),
    ],
    events: {
      async signOut(message) {
        if ("token" in message) await endSession(app.db, message.token?.sid, app.now());
      },
    },
    callbacks: {
      async signIn({ account, user, profile }) {
        if (account?.provider === "credentials") return true;
        // Accounts are matched by email, so only an address the provider vouches for will do.
        if (!user.email) return false;
        if (account?.provider === "google" && profile?.email_verified !== true) return false;
        // Signing in with a provider makes an account only where one may be made uninvited.
        return mayUseProvider(app.db, app.config.signUp, user.email);
      },
      /**
       * At sign-in, records a server-side session and puts its id in the cookie; afterwards the
       * cookie counts only while that session is active (null ends it).
       */
      async jwt({ token, account, user }) {
        if (user) {
          // OAuth users arrive with the provider's id; the session carries ours.
          const userId =
            account && account.provider !== "credentials" && user.email
              ? (await findOrCreateUser(app.db, { email: user.email.toLowerCase(), now: app.now() })).user.id
              : user.id;
          if (!userId) return null;
          return { ...token, sub: userId, sid: await startSession(app.db, userId, app.now(), sessionMaxAgeSeconds) };
        }
        const activeUser = await activeSessionUser(app.db, token.sid, app.now());
        return activeUser && activeUser === token.sub ? token : null;
      },
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        return session;
      },
    },
  };
}

const configs = new WeakMap<App, NextAuthConfig>();

/** Built on first use from the process-wide app, so the secret can come from DATA_DIR. */
export const { handlers, auth, signIn, signOut } = NextAuth(async () => {
  const app = await getApp();
  let config = configs.get(app);
  if (!config) configs.set(app, (config = authConfig(app)));
  return config;
});
