"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { clientAddress } from "@/lib/api/client-address";
import { getApp } from "@/lib/app/app";
import { credentialsSchema } from "@/lib/auth/credentials";
import { resetPassword } from "@/lib/auth/password-reset";
import { requestPasswordReset } from "@/lib/auth/password-reset-request";
import { retryMessage } from "@/lib/auth/sign-in-throttle";
import type { ForgotPasswordState } from "@/components/auth/forgot-password-form";
import type { ResetPasswordState } from "@/components/auth/reset-password-form";

export async function requestPasswordResetAction(_state: ForgotPasswordState, form: FormData): Promise<ForgotPasswordState> {
  const email = String(form.get("email") ?? "");
  const parsed = credentialsSchema.shape.email.safeParse(email);
  if (!parsed.success) return { email, errors: [], emailError: `Email ${parsed.error.issues[0].message}.` };
  const app = await getApp();
  if (!app.config.smtp) return { email, errors: ["This server does not send e-mail."] };
  const decision = await requestPasswordReset(
    { db: app.db, limiter: app.limiter, smtp: app.config.smtp, now: app.now },
    { email: parsed.data, address: clientAddress(await headers(), app.config.trustProxy) },
  );
  if (!decision.allowed) return { email, errors: [`Too many reset requests; ${retryMessage(decision)}.`] };
  return { email: "", requestedFor: parsed.data, errors: [] };
}

export async function resetPasswordAction(_state: ResetPasswordState, form: FormData): Promise<ResetPasswordState> {
  const app = await getApp();
  const request = { token: String(form.get("token") ?? ""), password: String(form.get("password") ?? "") };
  const result = await resetPassword(app.db, request, app.now());
  if (!result.ok) return result.field === "password" ? { errors: [], passwordError: result.message } : { errors: [result.message] };
  redirect("/sign-in?password=reset");
}
