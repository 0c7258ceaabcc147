import NextAuth, { type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import Google from "next-auth/providers/google";
import { getApp, type App } from "@/lib/app/app";
import { findOrCreateUser } from "./ensure-user";
import { checkCredentials, credentialsSchema } from "./credentials";

export const SIGN_IN_PATH = "/sign-in";

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
      // A wrong password is an expected event, not an error with a stack trace.
      error(error) {
        // By `type`: class names do not survive minification.
        if ((error as { type?: unknown }).type === "CredentialsSignin") console.warn("[auth] a password sign-in was refused");
        else console.error("[auth]", error);
      },
    },
    providers: [
      Credentials({
        credentials: { email: { type: "email" }, password: { type: "password" } },
        async authorize(input) {
          const parsed = credentialsSchema.safeParse(input);
          if (!parsed.success) return null;
          const user = await checkCredentials(app.db, parsed.data);
          return user ? { id: user.id, email: user.email, name: user.name } : null;
        },
      }),
      ...(oauth.github ? [GitHub(oauth.github)] : []),
      ...(oauth.google ? [Google(oauth.google)] : []),
    ],
    callbacks: {
      signIn({ account, user, profile }) {
        if (account?.provider === "credentials") return true;
        // Accounts are matched by email, so only an address the provider vouches for will do.
        if (!user.email) return false;
        return account?.provider !== "google" || profile?.email_verified === true;
      },
      async jwt({ token, account, user }) {
        // OAuth users arrive with the provider's id; the session carries ours.
        if (account && account.provider !== "credentials" && user?.email) {
          const found = await findOrCreateUser(app.db, { email: user.email.toLowerCase(), now: app.now() });
          token.sub = found.user.id;
        }
        return token;
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
