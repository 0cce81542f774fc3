import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/**
 * The suggestions under a caption, comment or message being written ask `GET /api/search` with
 * what follows the caret's `@` or `#` (apps/web/src/lib/mention-suggestions.ts). These pin what
 * they rely on: `@al` finds people only, people the writer follows before more followed ones;
 * `#su` finds hashtags only, the most used first.
 */
describe.each(dialects)('mention and hashtag suggestions on %s', (dialect) => {
  let server: Server;
  let writer: TestUser;
  let alice: TestUser;
  let alfred: TestUser;

  const suggest = (q: string) =>
    server.request(`/api/search?q=${encodeURIComponent(q)}`, { token: writer.token });
  const follow = async (who: TestUser, whom: TestUser) => {
    const response = await server.request(`/api/profiles/${whom.id}/follow`, {
      method: 'PUT',
      token: who.token,
    });
    expect(response.status).toBe(200);
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    writer = await signUpUser(server, { username: 'writer' });
    alice = await signUpUser(server, { username: 'alice', full_name: 'Alice Liddell' });
    alfred = await signUpUser(server, { username: 'alfred', full_name: 'Alfred Popular' });
    // Alfred has more followers; the writer follows Alice.
    for (const fan of [await signUpUser(server), await signUpUser(server)])
      await follow(fan, alfred);
    await follow(writer, alice);
    const photo = await makeJpeg(32, 32);
    await uploadPost(server, alice, photo, { caption: '#sunset #sunrise' });
    await uploadPost(server, alfred, photo, { caption: '#sunset at sea' });
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('suggests people after @: the ones you follow first, and no hashtags', async () => {
    const response = await suggest('@al');
    expect(response.status).toBe(200);
    expect(response.body.profiles.map((p: any) => p.username)).toEqual(['alice', 'alfred']);
    expect(response.body.profiles[0]).toMatchObject({ id: alice.id, followed_by_me: true });
    expect(response.body.hashtags).toEqual([]);
  });

  it('suggests hashtags after #: the most used first, and no people', async () => {
    const response = await suggest('#su');
    expect(response.status).toBe(200);
    expect(response.body.hashtags).toEqual([
      { name: 'sunset', posts_count: 2 },
      { name: 'sunrise', posts_count: 1 },
    ]);
    expect(response.body.profiles).toEqual([]);
  });
});
