/**
 * Outgoing e-mail (issue 17): nodemailer over SMTP_URL (e.g. smtp://user:pass@host:587), with
 * MAIL_FROM as sender. Without SMTP_URL there is no mailer and nothing is sent.
 */
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const DEFAULT_MAIL_FROM = 'Trendvakt <varsler@trendvakt.test>';

/** A mailer for SMTP_URL, or null when it is not set. */
export function createMailer(env: Record<string, string | undefined> = process.env): Mailer | null {
  if (!env.SMTP_URL) return null;
  const transport = nodemailer.createTransport(env.SMTP_URL);
  const from = env.MAIL_FROM || DEFAULT_MAIL_FROM;
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Send with retries: up to `attempts` tries, waiting `delayMs`, then twice that, and so on.
 * Resolves with how many tries it took; rejects with the last error when every try failed.
 */
export async function sendWithRetry(
  mailer: Mailer,
  message: MailMessage,
  opts: { attempts?: number; delayMs?: number } = {},
): Promise<number> {
  const attempts = opts.attempts ?? 3;
  let delay = opts.delayMs ?? 2000;
  for (let attempt = 1; ; attempt++) {
    try {
      await mailer.send(message);
      return attempt;
    } catch (err) {
      if (attempt >= attempts)
        throw Object.assign(err instanceof Error ? err : new Error(String(err)), { attempts: attempt });
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay *= 2;
    }
  }
}
