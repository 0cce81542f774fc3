import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import {
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

/**
 * On PostgreSQL every statement is a round trip, and a like, a follow or a story view is what a
 * busy instance does most: each must stay the change-log read (shared by concurrent requests)
 * and one statement of its own, with no transaction around it. A like's and a follow's
 * notification are part of their statement.
 */
/**
 * With federation on, an action between people here reads nothing more: its event says whether
 * the other party is of another server (events/domain-events.ts), so the deliveries to other
 * servers decide without a query.
 */
describe.each([
  ['federation off', {}],
  ['federation on', { PUBLIC_URL: 'https://photos.example' }],
])('statements per write on postgres, %s', (_name, env: Record<string, string>) => {
  let server: Server;
  let author: TestUser;
  let fan: TestUser;
  let postId: string;
  let storyId: string;

  beforeAll(async () => {
    server = await startTestServer('postgres', env);
    author = await signUpUser(server);
    fan = await signUpUser(server);
    postId = (await uploadPost(server, author, await makeJpeg(64, 48))).body.id as string;
    const form = new FormData();
    const image = new Uint8Array(await makeJpeg(64, 48));
    form.append('image', new Blob([image], { type: 'image/jpeg' }), 'story.jpg');
    const story = await server.request('/api/stories', {
      method: 'POST',
      body: form,
      token: author.token,
    });
    storyId = story.body.id as string;
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  /** The statements of one request, after a read that put the session in its cache. */
  const statementsOf = async (method: string, path: string) => {
    await server.request('/api/auth/session', { token: fan.token });
    server.queries.length = 0;
    const response = await server.request(path, { method, token: fan.token });
    expect(response.status).toBeLessThan(300);
    return server.queries.map((text) =>
      /\bcache_changes\b/.test(text) ? 'change log' : text.trim().split(/\s/)[0],
    );
  };

  it('likes and unlikes in one statement, their notification included', async () => {
    const like = (method: string) => statementsOf(method, `/api/posts/${postId}/like`);
    expect(await like('PUT')).toEqual(['change log', 'with']);
    expect(await like('PUT')).toEqual(['change log', 'with']);
    expect(await like('DELETE')).toEqual(['change log', 'with']);
    const post = await server.request(`/api/posts/${postId}`, { token: fan.token });
    expect(post.body.likes_count).toBe(0);
  });

  it('follows and unfollows in one statement, their notification included', async () => {
    const path = `/api/profiles/${author.id}/follow`;
    expect(await statementsOf('PUT', path)).toEqual(['change log', 'with']);
    expect(await statementsOf('DELETE', path)).toEqual(['change log', 'with']);
  });

  it('marks a story viewed in one statement', async () => {
    expect(await statementsOf('PUT', `/api/stories/${storyId}/view`)).toEqual([
      'change log',
      'insert',
    ]);
  });
});
