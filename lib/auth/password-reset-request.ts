import type { Db } from "@/lib/db/client";
import type { LimitDecision, SharedLimiter } from "@/lib/limits/types";
import { log } from "@/lib/log/log";
import { sendMail } from "@/lib/mail/mailer";
import type { SmtpConfig } from "@/lib/mail/smtp-config";
import { PASSWORD_RESET_TTL_MINUTES, startPasswordReset } from "./password-reset";

const HOUR_MS = 60 * 60_000;
/** Enough for a lost e-mail or two, too few to flood someone's inbox. */
const PER_ACCOUNT = { limit: 3, periodMs: HOUR_MS };
const PER_ADDRESS = { limit: 10, periodMs: HOUR_MS };

export interface PasswordResetDeps {
  db: Db;
  limiter: SharedLimiter;
  smtp: SmtpConfig;
  now(): number;
}

/**
 * Asks for a reset link by e-mail. The answer is the same whether an account has the email: the
 * throttles count unknown emails alike, and the e-mail is sent after answering, so the time taken
 * does not tell either.
 */
export async function requestPasswordReset(deps: PasswordResetDeps, request: { email: string; address: string }): Promise<LimitDecision> {
  const email = request.email.trim().toLowerCase();
  const now = deps.now();
  const decisions = await Promise.all([
    deps.limiter.take(`password-reset:account:${email}`, PER_ACCOUNT, now),
    deps.limiter.take(`password-reset:address:${request.address}`, PER_ADDRESS, now),
  ]);
  const refused = decisions.find((decision): decision is Extract<LimitDecision, { allowed: false }> => !decision.allowed);
  if (refused) return { allowed: false, retryAfterSeconds: refused.retryAfterSeconds };
  void mailResetLink(deps, email, now).catch((error) => log.warn("password-reset", "could not send a password reset e-mail", error));
  return { allowed: true };
}

async function mailResetLink(deps: PasswordResetDeps, email: string, now: number): Promise<void> {
  const reset = await startPasswordReset(deps.db, email, now);
  if (!reset) return;
  const link = `${deps.smtp.appUrl}/reset-password?token=${reset.token}`;
  await sendMail(deps.smtp, {
    to: reset.email,
    subject: "Reset your password",
    text: [
      "Someone, hopefully you, asked to reset the password of your Video assets account.",
      "",
      `To choose a new password, open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes (it works once):`,
      "",
      link,
      "",
      "Setting a new password signs you out everywhere. If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  });
}
