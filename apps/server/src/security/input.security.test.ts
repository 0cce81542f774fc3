import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import {
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

/** Case 1, 2, 3, 4, 14: hostile input never gets a 500, and identity comes only from the session. */
describe('hostile input', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let alice: TestUser;
  let mallory: TestUser;
  let postId: string;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    [alice, mallory] = await Promise.all([signUpUser(server), signUpUser(server)]);
    postId = (await uploadPost(server, alice, await makeJpeg(64, 64))).body.id;
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const jsonEndpoints = () => [
    {
      path: '/api/auth/sign-up',
      method: 'POST',
      fields: ['email', 'password', 'username', 'full_name'],
    },
    { path: '/api/auth/sign-in', method: 'POST', fields: ['email', 'password'] },
    { path: '/api/profiles/me', method: 'PATCH', fields: ['full_name', 'bio', 'website'] },
    { path: `/api/posts/${postId}/comments`, method: 'POST', fields: ['content'] },
  ];

  const expectErrorShape = (response: { status: number; body: any; text: string }) => {
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.error.code).toMatch(/^[a-z_]+$/);
    expect(typeof response.body.error.message).toBe('string');
    expect(response.text).not.toMatch(/\bat \S+:\d+:\d+/);
  };

  it('answers a 1 MB value in any field with 400 or 413 in the error shape', async () => {
    const huge = 'a'.repeat(1024 * 1024);
    for (const endpoint of jsonEndpoints()) {
      for (const field of endpoint.fields) {
        const response = await server.request(endpoint.path, {
          method: endpoint.method,
          json: { [field]: huge },
          token: mallory.token,
        });
        expectErrorShape(response);
        expect([400, 413]).toContain(response.status);
      }
    }
  });

  it('answers wrong JSON types in any field with 400', async () => {
    for (const endpoint of jsonEndpoints()) {
      for (const field of endpoint.fields) {
        for (const value of [42, true, ['x'], { nested: 'x' }]) {
          const response = await server.request(endpoint.path, {
            method: endpoint.method,
            json: { [field]: value },
            token: mallory.token,
          });
          expectErrorShape(response);
          expect(response.status, `${endpoint.path} ${field}=${JSON.stringify(value)}`).toBe(400);
        }
      }
    }
  });

  it('answers a JSON array, a bare string and null bodies with 400', async () => {
    for (const endpoint of jsonEndpoints()) {
      for (const body of ['[]', '"text"', 'null', '{"a":']) {
        const response = await server.request(endpoint.path, {
          method: endpoint.method,
          json: body,
          token: mallory.token,
        });
        expectErrorShape(response);
        expect(response.status).toBe(400);
      }
    }
  });

  it('answers a deeply nested body with 400 or 413, never 500', async () => {
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const response = await server.request('/api/auth/sign-in', { method: 'POST', json: deep });
    expectErrorShape(response);
  });

  it('answers __proto__ and constructor keys with 400', async () => {
    for (const body of [
      '{"content":"x","__proto__":{"polluted":true}}',
      '{"content":"x","constructor":{"prototype":{"polluted":true}}}',
    ]) {
      const response = await server.request(`/api/posts/${postId}/comments`, {
        method: 'POST',
        json: body,
        token: mallory.token,
      });
      expect(response.status).toBe(400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('ignores user_id, likes_count and author in bodies: identity comes from the session', async () => {
    const comment = await server.request(`/api/posts/${postId}/comments`, {
      method: 'POST',
      json: {
        content: 'from mallory',
        user_id: alice.id,
        author: { id: alice.id, username: alice.username },
      },
      token: mallory.token,
    });
    expect(comment.status).toBe(201);
    expect(comment.body.user_id).toBe(mallory.id);
    expect(comment.body.author.username).toBe(mallory.username);

    const like = await server.request(`/api/posts/${postId}/like`, {
      method: 'PUT',
      json: { user_id: alice.id, likes_count: 1000 },
      token: mallory.token,
    });
    expect(like.body).toEqual({ liked: true, likes_count: 1 });
    const rows = await server.context.database.db
      .selectFrom('likes')
      .select('user_id')
      .where('post_id', '=', postId)
      .execute();
    expect(rows.map((row) => row.user_id)).toEqual([mallory.id]);

    const form = new FormData();
    form.append('user_id', alice.id);
    form.append(
      'image',
      new Blob([new Uint8Array(await makeJpeg(32, 32))], { type: 'image/jpeg' }),
      'x.jpg',
    );
    const upload = await server.request('/api/posts', {
      method: 'POST',
      body: form,
      token: mallory.token,
    });
    expect(upload.status).toBe(201);
    expect(upload.body.user_id).toBe(mallory.id);
    expect(upload.body.image_url).toContain(`/user-uploads/${mallory.id}/posts/`);
  });

  it('cannot act as another user: no endpoint takes a user id for writing, profile edits hit only me', async () => {
    const patch = await server.request('/api/profiles/me', {
      method: 'PATCH',
      json: { id: alice.id, bio: 'mallory was here' },
      token: mallory.token,
    });
    expect(patch.status).toBe(200);
    expect(patch.body.id).toBe(mallory.id);
    const aliceProfile = await server.request(`/api/profiles/${alice.id}`);
    expect(aliceProfile.body.bio).toBeNull();
    const other = await server.request(`/api/profiles/${alice.id}`, {
      method: 'PATCH',
      json: { bio: 'x' },
      token: mallory.token,
    });
    expect(other.status).toBe(404);
  });

  it('answers likes and comments on a missing post with 404, not a foreign-key 500', async () => {
    const missing = '01890000-0000-7000-8000-000000000000';
    for (const [method, path, json] of [
      ['PUT', `/api/posts/${missing}/like`, undefined],
      ['DELETE', `/api/posts/${missing}/like`, undefined],
      ['POST', `/api/posts/${missing}/comments`, { content: 'hi' }],
      ['GET', `/api/posts/${missing}/comments`, undefined],
      ['GET', `/api/posts/${'x'.repeat(65)}`, undefined],
    ] as const) {
      const response = await server.request(path, { method, json, token: mallory.token });
      expect([400, 404], `${method} ${path}`).toContain(response.status);
      expectErrorShape(response);
    }
  });

  it('clamps or refuses abusive pagination, never 500', async () => {
    const cases = [
      'limit=100000',
      'limit=-1',
      'offset=-5',
      'offset=abc',
      'offset=99999999999',
      'limit=1e3',
      'cursor=' + 'A'.repeat(300),
      'cursor=' + Buffer.from('{"x":1}').toString('base64url'),
      'cursor=' + Buffer.from('["2026-01-01T00:00:00.000Z","\' or 1=1 --"]').toString('base64url'),
      'limit[]=1',
    ];
    for (const query of cases) {
      for (const path of ['/api/posts', `/api/profiles/${alice.id}/posts`]) {
        const response = await server.request(`${path}?${query}`);
        expect([200, 400], `${path}?${query}`).toContain(response.status);
        if (response.status === 200) expect(response.body.posts.length).toBeLessThanOrEqual(50);
        else expectErrorShape(response);
      }
    }
  });
});
