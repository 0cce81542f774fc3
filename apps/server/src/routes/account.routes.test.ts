import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import type { TestS3Server } from '../test/s3-server';
import { startS3Server } from '../test/s3-server';
import { bucketName } from '../storage/storage';
import {
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  storageSetups,
  uploadPost,
} from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const signIn = async (server: Server, user: TestUser, userAgent: string) => {
  const response = await server.request('/api/auth/sign-in', {
    method: 'POST',
    json: { email: user.email, password: user.password },
    headers: { 'user-agent': userAgent },
  });
  expect(response.status).toBe(200);
  return response.body.session.token as string;
};

const putAvatar = (server: Server, token: string, image: Buffer, type = 'image/jpeg') => {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(image)], { type }), 'me.jpg');
  return server.request('/api/profiles/me/avatar', { method: 'PUT', body: form, token });
};

/** Every key in the server's store (the local folder or the S3 bucket). */
async function storedFiles(server: Server): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of server.context.storage.list(`${bucketName}/`)) keys.push(object.key);
  return keys;
}

describe.each(storageSetups)('account routes on $name', (setup) => {
  let server: Server;
  let s3: TestS3Server | undefined;
  beforeAll(async () => {
    s3 = setup.s3 ? await startS3Server() : undefined;
    server = await startTestServer(setup.dialect, s3?.env ?? {});
  });
  afterAll(async () => {
    await disposeTestServer(server);
    await s3?.close();
  });

  it('changes the username, refusing a taken, reserved or invalid one', async () => {
    const ada = await signUpUser(server);
    const bob = await signUpUser(server);
    const patch = (username: string) =>
      server.request('/api/profiles/me', { method: 'PATCH', json: { username }, token: ada.token });

    const taken = await patch(bob.username.toUpperCase());
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields.username).toBe('This username is already taken');
    expect((await patch('explore')).status).toBe(400);
    expect((await patch('no spaces')).body.error.fields.username).toBeDefined();

    const fresh = `ada_${Date.now().toString(36)}`;
    const changed = await patch(fresh.toUpperCase());
    expect(changed.status).toBe(200);
    expect(changed.body.username).toBe(fresh);
    expect((await server.request(`/api/profiles/by-username/${fresh}`)).body.id).toBe(ada.id);
    expect((await server.request(`/api/profiles/by-username/${ada.username}`)).status).toBe(404);
    // Keeping your own name is no conflict.
    expect((await patch(fresh)).status).toBe(200);
  });

  it('two people claiming one name at once: one gets it, the other 409', async () => {
    const [a, b] = [await signUpUser(server), await signUpUser(server)];
    const name = `race_${Date.now().toString(36)}`;
    const answers = await Promise.all(
      [a, b].map((user) =>
        server.request('/api/profiles/me', {
          method: 'PATCH',
          json: { username: name },
          token: user.token,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it('sets a square avatar in 150 and 320 px, replaces it, removes it, and leaves no files', async () => {
    const ada = await signUpUser(server);
    const first = await putAvatar(server, ada.token, await makeJpeg(900, 600));
    expect(first.status).toBe(200);
    const variants = first.body.avatar.variants as { url: string; width: number; height: number }[];
    expect(variants.map((variant) => [variant.width, variant.height])).toEqual([
      [150, 150],
      [320, 320],
    ]);
    expect(first.body.avatar_url).toBe(variants[1]!.url);
    // The ThumbHash made with the variants is kept and shown while the picture loads.
    expect(first.body.avatar.placeholder).toMatch(/^[A-Za-z0-9+/]{20,}={0,2}$/);
    const read = await server.request(`/api/profiles/${ada.id}`, { token: ada.token });
    expect(read.body.avatar.placeholder).toBe(first.body.avatar.placeholder);
    const image = await fetch(new URL(variants[0]!.url, server.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const own = async () =>
      (await storedFiles(server)).filter((file) => file.includes(`${ada.id}/avatars`));
    expect(await own()).toHaveLength(2);

    const second = await putAvatar(server, ada.token, await makeJpeg(400, 700));
    expect(second.status).toBe(200);
    expect(second.body.avatar_url).not.toBe(first.body.avatar_url);
    // S3 discards without waiting (storage/s3.ts): the old files go just after the answer.
    await expect.poll(own).toHaveLength(2);
    expect((await fetch(new URL(variants[0]!.url, server.url))).status).toBe(404);

    const removed = await server.request('/api/profiles/me/avatar', {
      method: 'DELETE',
      token: ada.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.avatar_url).toBeNull();
    expect(removed.body.avatar).toBeNull();
    await expect.poll(own).toEqual([]);
  });

  it('refuses an avatar that is not an image, and keeps the old one', async () => {
    const ada = await signUpUser(server);
    const good = await putAvatar(server, ada.token, await makeJpeg(300, 300));
    const bad = await putAvatar(server, ada.token, Buffer.from('not an image at all'));
    expect(bad.status).toBe(415);
    expect(bad.body.error.fields.image).toBeDefined();
    const profile = await server.request(`/api/profiles/${ada.id}`);
    expect(profile.body.avatar_url).toBe(good.body.avatar_url);
    expect((await putAvatar(server, '', await makeJpeg())).status).toBe(401);
  });

  it('lists sessions with their browser, ends one or all others at once', async () => {
    const ada = await signUpUser(server);
    const phone = await signIn(
      server,
      ada,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
    );
    const laptop = await signIn(server, ada, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0');
    const list = await server.request('/api/auth/sessions', { token: laptop });
    expect(list.status).toBe(200);
    const sessions = list.body.sessions as {
      id: string;
      user_agent: string | null;
      current: boolean;
      last_seen_at: string;
    }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.find((session) => session.current)?.user_agent).toContain('Linux');
    // The id is not the stored token hash.
    for (const session of sessions) expect(session.id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const phoneSession = sessions.find((session) => session.user_agent?.includes('iPhone'))!;
    const ended = await server.request(`/api/auth/sessions/${phoneSession.id}`, {
      method: 'DELETE',
      token: laptop,
    });
    expect(ended.status).toBe(204);
    expect((await server.request('/api/auth/session', { token: phone })).body.user).toBeNull();
    expect(
      (
        await server.request(`/api/auth/sessions/${phoneSession.id}`, {
          method: 'DELETE',
          token: laptop,
        })
      ).status,
    ).toBe(404);

    // Someone else's session is not yours to end.
    const bob = await signUpUser(server);
    const bobs = (await server.request('/api/auth/sessions', { token: bob.token })).body.sessions;
    expect(
      (
        await server.request(`/api/auth/sessions/${bobs[0].id}`, {
          method: 'DELETE',
          token: laptop,
        })
      ).status,
    ).toBe(404);
    expect(
      (await server.request('/api/auth/session', { token: bob.token })).body.user,
    ).not.toBeNull();

    const others = await server.request('/api/auth/sessions', { method: 'DELETE', token: laptop });
    expect(others.status).toBe(204);
    expect((await server.request('/api/auth/session', { token: ada.token })).body.user).toBeNull();
    expect((await server.request('/api/auth/session', { token: laptop })).body.user?.id).toBe(
      ada.id,
    );
    expect(
      (await server.request('/api/auth/sessions', { token: laptop })).body.sessions,
    ).toHaveLength(1);
  });

  it('changes the password: the wrong current one or a short new one is refused; other sessions end', async () => {
    const ada = await signUpUser(server);
    const other = await signIn(server, ada, 'other browser');
    const change = (json: unknown) =>
      server.request('/api/auth/password', { method: 'POST', json, token: ada.token });

    const wrong = await change({ current_password: 'nope-nope', new_password: 'brand-new-pass' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.current_password).toBe('Current password is incorrect');
    const short = await change({ current_password: ada.password, new_password: '123' });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.new_password).toBe('Password must be at least 6 characters');
    // Nothing changed so far: the other session still works.
    expect((await server.request('/api/auth/session', { token: other })).body.user).not.toBeNull();

    expect(
      (await change({ current_password: ada.password, new_password: 'brand-new-pass' })).status,
    ).toBe(204);
    expect((await server.request('/api/auth/session', { token: other })).body.user).toBeNull();
    expect((await server.request('/api/auth/session', { token: ada.token })).body.user?.id).toBe(
      ada.id,
    );
    const oldPassword = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: ada.email, password: ada.password },
    });
    expect(oldPassword.status).toBe(400);
    await signIn(server, { ...ada, password: 'brand-new-pass' }, 'x');
  });

  it("deletes an account with everything it made; other people's counts are right afterwards", async () => {
    const ada = await signUpUser(server);
    const bob = await signUpUser(server);
    const bobsPost = (await uploadPost(server, bob, await makeJpeg(), { caption: 'bob' })).body;
    const adasPost = (await uploadPost(server, ada, await makeJpeg(), { caption: 'ada' })).body;
    await putAvatar(server, ada.token, await makeJpeg(300, 300));
    const as = (user: TestUser, pathname: string, method: string, json?: unknown) =>
      server.request(pathname, { method, token: user.token, json });
    await as(ada, `/api/posts/${bobsPost.id}/like`, 'PUT');
    await as(ada, `/api/posts/${bobsPost.id}/comments`, 'POST', { content: 'nice' });
    await as(ada, `/api/posts/${bobsPost.id}/comments`, 'POST', { content: 'really' });
    await as(bob, `/api/posts/${bobsPost.id}/comments`, 'POST', { content: 'thanks' });
    await as(ada, `/api/profiles/${bob.id}/follow`, 'PUT');
    await as(bob, `/api/profiles/${ada.id}/follow`, 'PUT');
    await as(bob, `/api/posts/${adasPost.id}/save`, 'PUT');
    expect((await server.request(`/api/posts/${bobsPost.id}`)).body.comments_count).toBe(3);
    expect((await storedFiles(server)).some((file) => file.includes(ada.id))).toBe(true);

    const wrong = await as(ada, '/api/me', 'DELETE', { password: 'not-it' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.password).toBe('Password is incorrect');
    const gone = await as(ada, '/api/me', 'DELETE', { password: ada.password });
    expect(gone.status).toBe(204);
    expect(gone.headers.get('set-cookie')).toContain('pinhole_session=;');

    expect((await server.request(`/api/profiles/${ada.id}`)).status).toBe(404);
    expect((await server.request(`/api/posts/${adasPost.id}`)).status).toBe(404);
    expect((await server.request('/api/auth/session', { token: ada.token })).body.user).toBeNull();
    const post = (await server.request(`/api/posts/${bobsPost.id}`)).body;
    expect([post.likes_count, post.comments_count]).toEqual([0, 1]);
    const bobNow = (await server.request(`/api/profiles/${bob.id}`)).body;
    expect([bobNow.followers_count, bobNow.following_count]).toEqual([0, 0]);
    expect((await as(bob, '/api/me/saved', 'GET')).body.posts).toEqual([]);
    expect((await storedFiles(server)).filter((file) => file.includes(ada.id))).toEqual([]);

    // The email and the username are free again.
    const again = await server.request('/api/auth/sign-up', {
      method: 'POST',
      json: {
        email: ada.email,
        password: 'another-pass',
        username: ada.username,
        full_name: 'Ada',
      },
    });
    expect(again.status).toBe(201);
  });
});
