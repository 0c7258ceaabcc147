import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  /** The message as sent: headers and body. */
  raw: string;
  /** The body with quoted-printable undone, where links can be read. */
  text: string;
}

export interface SmtpDouble {
  /** `smtp://127.0.0.1:port`, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** The password reset link of the newest mail to `email`, once one arrived. */
  resetLinkFor(email: string): string | undefined;
  close(): Promise<void>;
}

/** An SMTP server on loopback that keeps every message (plain text, no TLS, any or no login). */
export async function startSmtpDouble(): Promise<SmtpDouble> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), raw, text: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    resetLinkFor(email) {
      const mail = mails.findLast((m) => m.to.includes(email.toLowerCase()));
      return mail?.text.match(/https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
