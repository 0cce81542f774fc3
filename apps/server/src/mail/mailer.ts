import nodemailer from 'nodemailer';

/** One email, plain text: a reset link needs nothing more, and text survives every client. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Bounds on one delivery: an SMTP server that is down, or accepts the connection and then says
 * nothing, fails the send within seconds instead of holding it (and its socket) for minutes.
 */
export const smtpTimeouts = {
  connectionTimeout: 5_000,
  greetingTimeout: 5_000,
  socketTimeout: 10_000,
} as const;

/** Sends through the SMTP server named by `smtpUrl` (nodemailer parses the URL and its auth). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...smtpTimeouts }, { from });
  return {
    async send(message) {
      await transport.sendMail(message);
    },
    close() {
      transport.close();
    },
  };
}
