import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import { dialects, disposeTestServer, signUpUser, startTestServer } from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe.each(dialects)('reporting a direct message on %s', (dialect) => {
  let server: Server;
  let admin: TestUser;
  let ann: TestUser;
  let ben: TestUser;
  let outsider: TestUser;

  const call = (who: TestUser, method: string, path: string, json?: unknown) =>
    server.request(path, { method, token: who.token, json });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    // The first account is the instance's admin.
    admin = await signUpUser(server);
    [ann, ben, outsider] = [
      await signUpUser(server),
      await signUpUser(server),
      await signUpUser(server),
    ];
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('goes to the admin queue with its text; removing it unsends it', async () => {
    const started = await call(ann, 'POST', '/api/conversations', { participant_ids: [ben.id] });
    const id = started.body.id as string;
    const sent = await call(ann, 'POST', `/api/conversations/${id}/messages`, {
      text: 'something nasty',
    });
    const report = (who: TestUser) =>
      call(who, 'POST', '/api/reports', {
        target_type: 'message',
        target_id: sent.body.id,
        reason: 'harassment',
      });
    // Nobody outside the conversation can learn it exists; its sender cannot report it.
    expect((await report(outsider)).status).toBe(404);
    expect((await report(ann)).status).toBe(400);
    const made = await report(ben);
    expect(made.status).toBe(201);

    const queue = await call(admin, 'GET', '/api/admin/reports?status=open');
    const entry = queue.body.reports.find((r: any) => r.id === made.body.id);
    expect(entry).toMatchObject({
      target_type: 'message',
      target_preview: { text: 'something nasty', author: { id: ann.id } },
    });

    const resolved = await call(admin, 'POST', `/api/admin/reports/${made.body.id}/resolve`, {
      action: 'remove_content',
    });
    expect(resolved.status).toBe(200);
    const thread = await call(ben, 'GET', `/api/conversations/${id}/messages`);
    expect(thread.body.messages).toEqual([]);
  });
});
