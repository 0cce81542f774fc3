import type { Instance } from '@pinhole/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveInstanceSettings } from '../repositories/instance-settings.repository';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe.each(dialects)('the instance and its /about (GET /api/instance) on %s', (dialect) => {
  let server: Server;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    // The first account is the instance's admin.
    admin = await signUpUser(server);
    member = await signUpUser(server);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const about = async () => {
    const response = await server.request('/api/instance');
    expect(response.status).toBe(200);
    return response.body as Instance;
  };
  const edit = (json: unknown, who: TestUser | null = admin) =>
    server.request('/api/admin/instance', { method: 'PUT', token: who?.token, json });

  it('says Pinhole with nothing else until an admin writes it, and counts people and posts', async () => {
    expect(await about()).toEqual({
      signups: 'open',
      name: 'Pinhole',
      description: '',
      rules: [],
      contact_email: '',
      stats: { users: 2, posts: 0 },
      // No SMTP_URL in this server's environment; video as ffmpeg was found (its own tests
      // check both ways: routes/video-posts.routes.test.ts, routes/video-without-ffmpeg).
      mail: false,
      video: server.context.videoTools !== null,
    });
  });

  it('lets an admin change each field; the others are kept, and anyone sees it at once', async () => {
    const first = await edit({
      name: 'Lakeside Photos',
      description: 'Photos of lakes.',
      rules: ['Be kind', 'Your own photos only'],
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      name: 'Lakeside Photos',
      description: 'Photos of lakes.',
      rules: ['Be kind', 'Your own photos only'],
      contact_email: '',
    });
    expect(await about()).toEqual(first.body);
    const second = await edit({ contact_email: 'admin@lakeside.example' });
    expect(second.body).toMatchObject({
      name: 'Lakeside Photos',
      rules: ['Be kind', 'Your own photos only'],
      contact_email: 'admin@lakeside.example',
    });
    expect((await about()).contact_email).toBe('admin@lakeside.example');
    // Empty takes the contact away again; trimmed text is kept trimmed.
    const third = await edit({ contact_email: '', name: '  Lakeside  ' });
    expect(third.body).toMatchObject({ contact_email: '', name: 'Lakeside' });
    expect(await about()).toMatchObject({ contact_email: '', name: 'Lakeside' });
  });

  it('writes an audit line for each edit', async () => {
    const audit = await server.request('/api/admin/audit', { token: admin.token });
    expect(audit.body.entries[0]).toMatchObject({
      action: 'instance.update',
      summary: "changed the instance's name, contact email",
    });
  });

  it('refuses members (403) and signed-out callers (401) in the error shape', async () => {
    const byMember = await edit({ name: 'Mine now' }, member);
    expect(byMember.status).toBe(403);
    expect(byMember.body.error.code).toBe('forbidden');
    const signedOut = await edit({ name: 'Mine now' }, null);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error.code).toBe('unauthenticated');
    expect((await about()).name).toBe('Lakeside');
  });

  it('validates: name 1–50, description ≤ 500, ≤ 20 rules of ≤ 200, an email or empty', async () => {
    const refused = [
      { name: '' },
      { name: '   ' },
      { name: 'n'.repeat(51) },
      { description: 'd'.repeat(501) },
      { rules: Array.from({ length: 21 }, (_, i) => `rule ${i}`) },
      { rules: ['r'.repeat(201)] },
      { rules: [''] },
      { rules: 'Be kind' },
      { contact_email: 'not an email' },
      { contact_email: 42 },
    ];
    for (const body of refused) {
      const answer = await edit(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('validation_error');
    }
    const longest = await edit({
      name: 'n'.repeat(50),
      description: 'd'.repeat(500),
      rules: Array.from({ length: 20 }, () => 'r'.repeat(200)),
    });
    expect(longest.status).toBe(200);
    expect((await about()).rules).toHaveLength(20);
  });

  it('counts leave out suspended people and their posts, and follow sign-ups and posts at once', async () => {
    const before = (await about()).stats;
    const poster = await signUpUser(server);
    expect((await about()).stats).toEqual({ users: before.users + 1, posts: before.posts });
    await uploadPost(server, poster, await makeJpeg(200, 200));
    await uploadPost(server, poster, await makeJpeg(200, 200));
    expect((await about()).stats).toEqual({ users: before.users + 1, posts: before.posts + 2 });
    const suspend = (action: string) =>
      server.request(`/api/admin/users/${poster.id}/${action}`, {
        method: 'POST',
        token: admin.token,
        json: {},
      });
    expect((await suspend('suspend')).status).toBe(200);
    expect((await about()).stats).toEqual(before);
    expect((await suspend('unsuspend')).status).toBe(200);
    expect((await about()).stats).toEqual({ users: before.users + 1, posts: before.posts + 2 });
  });

  it('shows a change written by another instance (or by hand) once the change log names it', async () => {
    await about();
    // Straight to the table, as another instance's edit or a fix in a SQL shell: no forget here,
    // only migration 0016's trigger and the change log.
    await saveInstanceSettings(server.context.database.db, {
      name: 'Written elsewhere',
      description: '',
      rules: JSON.stringify(['One rule']),
      contact_email: '',
      updated_at: new Date().toISOString(),
    });
    expect(await about()).toMatchObject({ name: 'Written elsewhere', rules: ['One rule'] });
  });

  it('is answered from the cache until something it shows changes', async () => {
    await about();
    const stats = server.context.caches.instance.stats;
    const misses = stats.misses;
    await about();
    await about();
    expect(stats.misses).toBe(misses);
    await edit({ description: 'Cached no more' });
    expect((await about()).description).toBe('Cached no more');
  });
});
