import { z } from "zod";

export interface SmtpConfig {
  /** `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://…:465` (TLS from the start). */
  url: string;
  /** The From of the service's e-mails. */
  from: string;
  /** The public address the e-mails link to. */
  appUrl: string;
}

const text = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

const smtpEnvSchema = z.object({
  SMTP_URL: text.pipe(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional()),
  SMTP_FROM: text,
});

export const SMTP_CONFIG_VARIABLES = Object.keys(smtpEnvSchema.shape);

/**
 * The e-mail settings, when SMTP_URL is set; the problems otherwise reported with the rest of the
 * configuration. E-mails link to APP_URL, never to the Host a request named: anyone can send a
 * reset request with a forged Host, and the victim would get a working link to the forger's site.
 */
export function parseSmtpConfig(env: Record<string, string | undefined>, appUrl: string | undefined): { smtp?: SmtpConfig; problems: string[] } {
  const parsed = smtpEnvSchema.safeParse(env);
  if (!parsed.success) return { problems: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) };
  const { SMTP_URL: url, SMTP_FROM: from } = parsed.data;
  if (!url) return { problems: from ? ["SMTP_FROM is set but SMTP_URL is not"] : [] };
  if (!appUrl) return { problems: ["SMTP_URL needs APP_URL: password reset e-mails link to it"] };
  return { smtp: { url, appUrl, from: from ?? `Video assets <no-reply@${new URL(appUrl).hostname}>` }, problems: [] };
}
