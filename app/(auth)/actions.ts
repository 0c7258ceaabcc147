"use server";

import { AuthError } from "next-auth";
import { headers } from "next/headers";
import type { AuthFormState } from "@/components/auth/credentials-form";
import { clientAddress } from "@/lib/api/client-address";
import { getApp } from "@/lib/app/app";
import { credentialsSchema } from "@/lib/auth/credentials";
import { signUp as makeAccount } from "@/lib/auth/sign-up";
import { oauthProviders, signIn } from "@/lib/app/next-auth";
import { checkSignIn, retryMessage, takeSignUp } from "@/lib/auth/sign-in-throttle";

const HOME = "/overview";

/** Only paths of this site, so the sign-in page cannot be used to send people elsewhere. */
function localPath(value: FormDataEntryValue | null): string {
  const path = typeof value === "string" ? value : "";
  return /^\/(?![/\\])/.test(path) ? path : HOME;
}

export async function signInWithPassword(_state: AuthFormState, form: FormData): Promise<AuthFormState> {
  const email = String(form.get("email") ?? "");
  // The sign-in itself refuses throttled attempts; asking first lets the form say for how long.
  const app = await getApp();
  const throttle = await checkSignIn(app, { email, address: clientAddress(await headers(), app.config.trustProxy) });
  if (!throttle.allowed) {
    return { email, errors: [`Too many failed sign-ins; ${retryMessage(throttle)}.`], fieldErrors: {} };
  }
  try {
    // On success this redirects (by throwing Next.js's redirect signal, which must pass through).
    await signIn("credentials", {
      email,
      password: String(form.get("password") ?? ""),
      redirectTo: localPath(form.get("callbackUrl")),
    });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const message = error.type === "CredentialsSignin" ? "Wrong email or password." : "Signing in failed. Please try again.";
    return { email, errors: [message], fieldErrors: {} };
  }
  return { email, errors: [], fieldErrors: {} };
}

const SIGN_UP_REFUSALS = {
  closed: "Sign-up is closed on this server.",
  "invitation-needed": "Sign-up is by invitation: ask the owner of this server for an invitation link.",
  "invitation-unusable": "This invitation link has expired or was already used. Ask the owner for a new one.",
} as const;

export async function signUp(_state: AuthFormState, form: FormData): Promise<AuthFormState> {
  const email = String(form.get("email") ?? "");
  const parsed = credentialsSchema.safeParse({ email, password: String(form.get("password") ?? "") });
  if (!parsed.success) {
    const fieldErrors: AuthFormState["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "email" || field === "password") && !fieldErrors[field]) {
        fieldErrors[field] = `${field === "email" ? "Email" : "Password"} ${issue.message}.`;
      }
    }
    return { email, errors: [], fieldErrors };
  }
  const app = await getApp();
  const allowed = await takeSignUp(app, clientAddress(await headers(), app.config.trustProxy));
  if (!allowed.allowed) {
    return { email, errors: [`Too many sign-ups from your network; ${retryMessage(allowed)}.`], fieldErrors: {} };
  }
  const invitation = form.get("invitation");
  const result = await makeAccount(app.db, app.config.signUp, { credentials: parsed.data, invitation: typeof invitation === "string" && invitation ? invitation : undefined }, app.now());
  if (!result.ok) {
    if (result.reason !== "email-taken") return { email, errors: [SIGN_UP_REFUSALS[result.reason]], fieldErrors: {} };
    return {
      email,
      errors: ["An account with this email already exists. Sign in instead."],
      fieldErrors: { email: "This email is already registered." },
    };
  }
  await signIn("credentials", { email: parsed.data.email, password: parsed.data.password, redirectTo: HOME });
  return { email, errors: [], fieldErrors: {} };
}

export async function signInWithProvider(form: FormData): Promise<void> {
  const provider = (await oauthProviders()).find((p) => p.id === form.get("provider"));
  if (!provider) return;
  await signIn(provider.id, { redirectTo: localPath(form.get("callbackUrl")) });
}
