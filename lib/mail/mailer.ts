import nodemailer, { type Transporter } from "nodemailer";
import type { SmtpConfig } from "./smtp-config";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

const transports = new Map<string, Transporter>();

/** A slow or unreachable mail server must not hold a send for minutes (nodemailer waits up to 10 minutes on a socket). */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * nodemailer reads a URL's options from its query only (given a URL, it ignores other options):
 * the timeouts go there, unless SMTP_URL sets its own.
 */
function transportUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries(TIMEOUTS)) if (!url.searchParams.has(name)) url.searchParams.set(name, String(value));
  return url.toString();
}

/** Sends through SMTP_URL, reusing one transport per URL. */
export async function sendMail(smtp: SmtpConfig, mail: Mail): Promise<void> {
  let transport = transports.get(smtp.url);
  if (!transport) {
    transport = nodemailer.createTransport(transportUrl(smtp.url));
    transports.set(smtp.url, transport);
  }
  // Quoted-printable keeps the link's characters readable in the raw message.
  await transport.sendMail({ from: smtp.from, to: mail.to, subject: mail.subject, text: mail.text, textEncoding: "quoted-printable" });
}
