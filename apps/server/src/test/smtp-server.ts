import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One email as the SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message, headers and body, as sent. */
  raw: string;
  /** The body's text, decoded (quoted-printable or base64, as nodemailer chose). */
  text: string;
}

/**
 * A real SMTP server (the Nodemailer project's smtp-server) on a free loopback port: what the
 * server under test sends arrives here, through the same nodemailer code that runs in production.
 */
export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Resolves with the next email (or one already received and not yet taken). */
  nextMail(timeoutMs?: number): Promise<ReceivedMail>;
  /** From now on, every message is refused with a 550 (a server that says no). */
  refuseAll(): void;
  close(): Promise<void>;
}

export function decodeMailBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).toLowerCase();
  const body = raw.slice(split + 4);
  if (headers.includes('content-transfer-encoding: base64')) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (headers.includes('content-transfer-encoding: quoted-printable')) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The reset link of an email's text. */
export function resetLinkIn(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+\/accounts\/password\/reset\?token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!link) throw new Error(`no reset link in the email:\n${mail.text}`);
  return link[0];
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((to) => to.address),
          raw,
          text: decodeMailBody(raw),
        };
        const waiter = waiting.shift();
        if (waiter) waiter(mail);
        else received.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    nextMail(timeoutMs = 10_000) {
      const ready = received.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(take), 1);
          reject(new Error(`no email within ${timeoutMs} ms`));
        }, timeoutMs);
        const take = (mail: ReceivedMail) => {
          clearTimeout(timer);
          resolve(mail);
        };
        waiting.push(take);
      });
    },
    refuseAll() {
      refusing = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
