import { describe, expect, it } from 'vitest';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from './test/harness';

describe.each(dialects)('restarting the server on %s', (dialect) => {
  it('keeps every user, session, post, like, comment and file', async () => {
    const first = await startTestServer(dialect);
    const user = await signUpUser(first);
    const post = (await uploadPost(first, user, await makeJpeg(300, 200), { caption: 'kept' }))
      .body;
    await first.request(`/api/posts/${post.id}/like`, { method: 'PUT', token: user.token });
    await first.request(`/api/posts/${post.id}/comments`, {
      method: 'POST',
      json: { content: 'still here' },
      token: user.token,
    });
    await first.close();

    const second = await startTestServer(
      dialect,
      {},
      { dataDir: first.dataDir, databaseUrl: first.databaseUrl },
    );
    try {
      const session = await second.request('/api/auth/session', { cookie: user.cookie });
      expect(session.body.user.id).toBe(user.id);
      const again = await second.request(`/api/posts/${post.id}`, { token: user.token });
      expect(again.body).toMatchObject({
        caption: 'kept',
        likes_count: 1,
        liked_by_me: true,
        comments_count: 1,
      });
      expect(again.body.comments_preview[0].content).toBe('still here');
      const file = await fetch(second.url + post.image_url);
      expect(file.status).toBe(200);
      const signIn = await second.request('/api/auth/sign-in', {
        method: 'POST',
        json: { email: user.email, password: user.password },
      });
      expect(signIn.status).toBe(200);
    } finally {
      await disposeTestServer({ ...second, dropDatabase: first.dropDatabase });
    }
  });
});
