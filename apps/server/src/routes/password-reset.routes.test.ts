import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, safetyMessages } from '@pinhole/contracts';
import { rateLimits } from '../rate-limits';
import type { TestUser } from '../test/harness';
import {
  TestClock,
  dialects,
  disposeTestServer,
  signUpUser,
  startTestServer,
} from '../test/harness';
import type { TestSmtpServer } from '../test/smtp-server';
import { resetLinkIn, startSmtpServer } from '../test/smtp-server';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const expiredBody = {
  error: {
    code: 'validation_error',
    message: safetyMessages.resetLinkExpired,
    fields: { token: safetyMessages.resetLinkExpired },
  },
};

describe.each(dialects)('password reset on %s', (dialect) => {
  let server: Server;
  let smtp: TestSmtpServer;
  const clock = new TestClock();
  const logged: { level: string; message: string }[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer(
      dialect,
      { SMTP_URL: smtp.url, PUBLIC_URL: 'https://pinhole.example' },
      undefined,
      { clock },
    );
    server.context.services.passwordReset.reportTo({
      info: (_details, message) => logged.push({ level: 'info', message }),
      warn: (_details, message) => logged.push({ level: 'warn', message }),
    });
  });
  afterAll(async () => {
    await disposeTestServer(server);
    await smtp.close();
  });

  const ask = (email: string) =>
    server.request('/api/auth/password-reset', { method: 'POST', json: { email } });
  const confirm = (token: string, password = 'brand-new-password') =>
    server.request('/api/auth/password-reset/confirm', {
      method: 'POST',
      json: { token, new_password: password },
    });
  const signIn = (user: TestUser, password: string) =>
    server.request('/api/auth/sign-in', { method: 'POST', json: { email: user.email, password } });
  const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
  const linkFor = async (user: TestUser) => {
    expect((await ask(user.email)).status).toBe(202);
    return resetLinkIn(await smtp.nextMail());
  };

  it('emails a link that sets a new password once and ends every session', async () => {
    const alice = await signUpUser(server, { username: `reset_alice_${dialect}` });
    const otherSession = (await signIn(alice, alice.password)).body.session.token as string;
    // Warm the session cache: the reset must still end the session at once.
    const before = await server.request('/api/auth/session', { token: otherSession });
    expect(before.body.user.id).toBe(alice.id);

    const asked = await ask(alice.email.toUpperCase());
    expect(asked.status).toBe(202);
    expect(asked.text).toBe('');
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual([alice.email]);
    expect(mail.from).toBe('no-reply@pinhole.example');
    expect(mail.raw).toMatch(/^From: Pinhole <no-reply@pinhole\.example>/m);
    expect(mail.text).toContain(`@${alice.username}`);
    const link = resetLinkIn(mail);
    expect(link).toMatch(/^https:\/\/pinhole\.example\/accounts\/password\/reset\?token=/);
    expect(tokenOf(link)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await confirm(tokenOf(link))).status).toBe(204);
    expect((await signIn(alice, 'brand-new-password')).status).toBe(200);
    expect((await signIn(alice, alice.password)).status).toBe(400);
    for (const token of [alice.token, otherSession]) {
      const after = await server.request('/api/auth/session', { token });
      expect(after.body).toEqual({ user: null, profile: null });
    }

    const again = await confirm(tokenOf(link), 'another-password');
    expect(again.status).toBe(400);
    expect(again.body).toEqual(expiredBody);
    expect((await signIn(alice, 'brand-new-password')).status).toBe(200);
  });

  it('tells every client that this server sends mail', async () => {
    const instance = await server.request('/api/instance');
    expect(instance.body).toMatchObject({ mail: true });
  });

  it('stores only a hash of the token', async () => {
    const bob = await signUpUser(server);
    const token = tokenOf(await linkFor(bob));
    const rows = await server.context.database.db
      .selectFrom('password_resets')
      .select('token_hash')
      .where('user_id', '=', bob.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers the same for an email without an account, and sends nothing', async () => {
    const known = await signUpUser(server);
    const unknown = await ask(`nobody-${dialect}@example.com`);
    const existing = await ask(known.email);
    expect([unknown.status, unknown.text]).toEqual([existing.status, existing.text]);
    await server.context.services.passwordReset.idle();
    expect(smtp.received.map((mail) => mail.to)).toEqual([[known.email]]);
    await smtp.nextMail();
  });

  it('refuses a link after its hour, and one altered by a single character', async () => {
    const carol = await signUpUser(server);
    const token = tokenOf(await linkFor(carol));
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const altered = await confirm(token.slice(0, -1) + last);
    expect(altered.status).toBe(400);
    expect(altered.body).toEqual(expiredBody);
    expect((await confirm('not-a-token')).body).toEqual(expiredBody);

    const start = clock.at;
    try {
      clock.set(start + 60 * 60 * 1000);
      const expired = await confirm(token);
      expect(expired.status).toBe(400);
      expect(expired.body).toEqual(expiredBody);
      // A new link asked for now works until its own hour is over.
      const fresh = tokenOf(await linkFor(carol));
      clock.set(start + 2 * 60 * 60 * 1000 - 1000);
      // Maintenance removes the expired link's row, not the live one.
      expect(await server.context.services.passwordReset.deleteExpired()).toBeGreaterThanOrEqual(1);
      expect((await confirm(fresh)).status).toBe(204);
    } finally {
      clock.set(start);
    }
    expect((await signIn(carol, 'brand-new-password')).status).toBe(200);
  });

  it('refuses the link of an account deleted meanwhile', async () => {
    const dave = await signUpUser(server);
    const token = tokenOf(await linkFor(dave));
    const deleted = await server.request('/api/me', {
      method: 'DELETE',
      token: dave.token,
      json: { password: dave.password },
    });
    expect(deleted.status).toBe(204);
    const response = await confirm(token);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expiredBody);
  });

  it('a new password makes the account’s other live links stop working', async () => {
    const erin = await signUpUser(server);
    const first = tokenOf(await linkFor(erin));
    const second = tokenOf(await linkFor(erin));
    expect((await confirm(second)).status).toBe(204);
    expect((await confirm(first)).body).toEqual(expiredBody);
  });

  it('sends at most a few emails per account an hour, answering the same past it', async () => {
    const frank = await signUpUser(server);
    const { max } = rateLimits.passwordResetPerAccount;
    for (let sent = 0; sent < max; sent += 1) await linkFor(frank);
    const past = await ask(frank.email);
    expect([past.status, past.text]).toEqual([202, '']);
    await server.context.services.passwordReset.idle();
    expect(smtp.received).toEqual([]);
    expect(logged.at(-1)?.message).toMatch(/per-account limit/);
  });

  it('still answers 202 when the SMTP server refuses or is down, and logs why', async () => {
    const gina = await signUpUser(server);
    smtp.refuseAll();
    expect((await ask(gina.email)).status).toBe(202);
    await server.context.services.passwordReset.idle();
    expect(logged.at(-1)).toEqual({
      level: 'warn',
      message: 'password reset: the email could not be sent',
    });

    await smtp.close();
    logged.length = 0;
    const response = await ask(gina.email);
    expect([response.status, response.text]).toEqual([202, '']);
    await server.context.services.passwordReset.idle();
    expect(logged).toEqual([
      { level: 'warn', message: 'password reset: the email could not be sent' },
    ]);
    // Nothing else broke.
    expect((await signIn(gina, gina.password)).status).toBe(200);
    smtp = await startSmtpServer();
  });
});

describe.each(dialects)('password reset limits and slow mail on %s', (dialect) => {
  let server: Server;
  let silentSmtp: net.Server;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    // Accepts connections and never greets: an SMTP server that hangs.
    silentSmtp = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silentSmtp.listen(0, '127.0.0.1', resolve));
    const { port } = silentSmtp.address() as AddressInfo;
    server = await startTestServer(dialect, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      RATE_LIMITS: 'true',
    });
  });
  afterAll(async () => {
    await disposeTestServer(server);
    await new Promise((resolve) => silentSmtp.close(resolve));
  });

  it('answers before the email is sent, then 429 past the per-address limit', async () => {
    const henry = await signUpUser(server);
    const started = performance.now();
    const response = await server.request('/api/auth/password-reset', {
      method: 'POST',
      json: { email: henry.email },
    });
    expect(response.status).toBe(202);
    expect(performance.now() - started).toBeLessThan(1000);
    let settled = false;
    const idle = server.context.services.passwordReset.idle().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    for (const socket of sockets) socket.destroy();
    await idle;

    const { max } = rateLimits.passwordResetPerAddress;
    for (let asked = 1; asked < max; asked += 1) {
      const more = await server.request('/api/auth/password-reset', {
        method: 'POST',
        json: { email: `someone${asked}@example.com` },
      });
      expect(more.status).toBe(202);
    }
    const limited = await server.request('/api/auth/password-reset', {
      method: 'POST',
      json: { email: 'one-more@example.com' },
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: { code: 'rate_limited', message: messages.rateLimited },
    });
  });
});

describe.each(dialects)('password reset without a mail server on %s', (dialect) => {
  let server: Server;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const ask = (email: string) =>
    server.request('/api/auth/password-reset', { method: 'POST', json: { email } });

  it('says so before anyone asks: GET /api/instance answers mail: false', async () => {
    const instance = await server.request('/api/instance');
    expect(instance.body).toMatchObject({ mail: false });
  });

  it('answers 503 mail_unavailable for an account and for no account alike', async () => {
    const ivy = await signUpUser(server);
    const unavailable = {
      error: { code: 'mail_unavailable', message: safetyMessages.mailUnavailable },
    };
    for (const email of [ivy.email, 'nobody-here@example.com']) {
      const response = await ask(email);
      expect(response.status).toBe(503);
      expect(response.body).toEqual(unavailable);
    }
    expect(safetyMessages.mailUnavailable).toBe(
      "This server can't send email — ask its admin for a reset link",
    );
    // No link was made for anyone: nothing waits to be sent, no row was written.
    await server.context.services.passwordReset.idle();
    const rows = await server.context.database.db
      .selectFrom('password_resets')
      .select('user_id')
      .execute();
    expect(rows).toEqual([]);
  });

  it('still checks the address first (400), as with a mail server', async () => {
    expect((await ask('not-an-email')).status).toBe(400);
  });
});
