import { afterEach, describe, expect, it } from 'vitest';
import { nowIso } from '../ids';
import { dialects, disposeTestServer, signUpUser, startTestServer } from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

let counter = 0;
const person = (extra: Record<string, string> = {}) => {
  counter += 1;
  const suffix = `${counter}${Math.random().toString(36).slice(2, 7)}`;
  return {
    email: `signup${suffix}@example.com`,
    password: 'secret-password',
    username: `signup_${suffix}`,
    full_name: `Sign Up ${suffix}`,
    ...extra,
  };
};

describe.each(dialects)('sign-up modes, invites and the first admin on %s', (dialect) => {
  let server: Server | undefined;
  afterEach(async () => {
    if (server) await disposeTestServer(server);
    server = undefined;
  });
  const signUp = (json: unknown) => server!.request('/api/auth/sign-up', { method: 'POST', json });

  it('open by default: GET /api/instance says so, and of racing first sign-ups one is admin', async () => {
    server = await startTestServer(dialect);
    expect((await server.request('/api/instance')).body).toMatchObject({ signups: 'open' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => signUp(person())));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    const roles = answers.map((answer) => answer.body.user.role as string);
    expect(roles.filter((role) => role === 'admin')).toHaveLength(1);
  });

  it('closed: 403 Sign-ups are closed on this instance', async () => {
    server = await startTestServer(dialect, { SIGNUPS: 'closed' });
    expect((await server.request('/api/instance')).body).toMatchObject({ signups: 'closed' });
    const refused = await signUp(person());
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Sign-ups are closed on this instance');
  });

  it('invite: the first account needs no code; then a live code is needed and used up', async () => {
    server = await startTestServer(dialect, { SIGNUPS: 'invite' });
    expect((await server.request('/api/instance')).body).toMatchObject({ signups: 'invite' });
    const admin = await signUpUser(server);
    const invalid = (answer: { status: number; body: { error: { fields: unknown } } }) => {
      expect(answer.status).toBe(400);
      expect(answer.body.error.fields).toEqual({ invite_code: 'This invite code is not valid' });
    };
    invalid(await signUp(person()));
    invalid(await signUp(person({ invite_code: 'no-such-code' })));
    invalid(await signUp(person({ invite_code: 'x'.repeat(65) })));

    const made = await server.request('/api/admin/invites', {
      method: 'POST',
      token: admin.token,
      json: { uses: 2 },
    });
    const code = made.body.code as string;
    expect((await signUp(person({ invite_code: code }))).status).toBe(201);
    // Two at once for the last use: exactly one gets it.
    const racing = await Promise.all([
      signUp(person({ invite_code: code })),
      signUp(person({ invite_code: code })),
    ]);
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 400]);
    invalid(await signUp(person({ invite_code: code })));
    const listed = await server.request('/api/admin/invites', { token: admin.token });
    expect(listed.body.invites.map((invite: { code: string }) => invite.code)).not.toContain(code);

    // An expired code is refused too, and a refused sign-up leaves no account behind.
    await server.context.database.db
      .insertInto('invites')
      .values({
        code: 'expired-code',
        uses_left: 5,
        expires_at: new Date(Date.now() - 1000).toISOString(),
        created_by: admin.id,
        created_at: nowIso(),
      })
      .execute();
    const late = person({ invite_code: 'expired-code' });
    invalid(await signUp(late));
    const retry = await signUp({ ...late, invite_code: undefined });
    expect(retry.body.error.fields).toEqual({ invite_code: 'This invite code is not valid' });
  });
});
