import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
} from '../test/harness';
import { HostRouter } from './test/host-router';
import { ReferencePeer } from './test/reference-peer';

const publicUrl = 'https://photos.example';
const activityJson = 'application/activity+json';

async function postPhotos(
  server: Awaited<ReturnType<typeof startTestServer>>,
  user: TestUser,
  caption: string,
  photos: { width: number; height: number; alt: string }[],
) {
  const form = new FormData();
  form.append('caption', caption);
  for (const photo of photos) {
    form.append(
      'image',
      new Blob([new Uint8Array(await makeJpeg(photo.width, photo.height))], { type: 'image/jpeg' }),
      'photo.jpg',
    );
  }
  for (const photo of photos) form.append('alt_text', photo.alt);
  const response = await server.request('/api/posts', {
    method: 'POST',
    body: form,
    token: user.token,
  });
  expect(response.status).toBe(201);
  return response.body as { id: string; images: { id: string }[] };
}

describe.each(dialects)('posts from Pinhole to a peer on %s', (dialect) => {
  const router = new HostRouter();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let peer: ReferencePeer;
  let alice: TestUser;
  let carol: TestUser;

  async function follow(who: string, target: string) {
    await peer.send(who, `${publicUrl}/users/${target}/inbox`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.origin}/${randomUUID()}`,
      type: 'Follow',
      actor: peer.actorUrl(who),
      object: `${publicUrl}/users/${target}`,
    });
  }

  beforeAll(async () => {
    router.install();
    server = await startTestServer(dialect, {
      PUBLIC_URL: publicUrl,
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
    });
    router.route('photos.example', server.url);
    peer = new ReferencePeer('peer.example', router);
    await peer.addPerson('bob');
    await peer.start();
    alice = await signUpUser(server, { username: 'alice' });
    carol = await signUpUser(server, { username: 'carol' });
    await server.request('/api/profiles/me', {
      method: 'PATCH',
      token: carol.token,
      json: { is_private: true },
    });
    await follow('bob', 'alice');
    await vi.waitFor(() => expect(peer.ofType('Accept')).toHaveLength(1), { timeout: 10_000 });
  });
  afterAll(async () => {
    await peer.stop();
    await disposeTestServer(server);
    router.uninstall();
  });

  it('sends a Create{Note} with the photos in order, alt texts and sizes; then Update and Delete', async () => {
    const post = await postPhotos(server, alice, 'Tea by the river #picnic', [
      { width: 800, height: 600, alt: 'A teapot' },
      { width: 600, height: 900, alt: 'The river' },
    ]);
    await expect.poll(() => peer.ofType('Create').length, { timeout: 10_000 }).toBe(1);
    const create = peer.ofType('Create')[0]!.json;
    const noteId = `${publicUrl}/p/${post.id}`;
    expect(create.actor).toBe(`${publicUrl}/users/alice`);
    const note = create.object as Record<string, any>;
    expect(note).toMatchObject({
      id: noteId,
      type: 'Note',
      attributedTo: `${publicUrl}/users/alice`,
      to: 'as:Public',
      cc: `${publicUrl}/users/alice/followers`,
      url: noteId,
    });
    expect(note.content).toContain('Tea by the river');
    expect(note.content).toContain('rel="tag"');
    expect(note.tag).toMatchObject({ type: 'Hashtag', name: '#picnic' });
    expect(note.published).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(note.attachment).toHaveLength(2);
    expect(
      note.attachment.map((image: Record<string, unknown>) => [
        image.type,
        image.mediaType,
        image.name,
        image.width,
        image.height,
      ]),
    ).toEqual([
      ['Image', 'image/jpeg', 'A teapot', 800, 600],
      ['Image', 'image/jpeg', 'The river', 600, 900],
    ]);
    expect(note.attachment[0].url).toMatch(new RegExp(`^${publicUrl}/storage/`));

    // The Note is also at its id, for a peer that fetches it.
    const fetched = await fetch(noteId, { headers: { accept: activityJson } });
    expect(fetched.status).toBe(200);
    expect(((await fetched.json()) as { id: string }).id).toBe(noteId);

    const edited = await server.request(`/api/posts/${post.id}`, {
      method: 'PATCH',
      token: alice.token,
      json: {
        images: [...post.images].reverse().map((image) => ({ id: image.id, alt_text: null })),
      },
    });
    expect(edited.status).toBe(200);
    await expect.poll(() => peer.ofType('Update').length, { timeout: 10_000 }).toBe(1);
    const updated = peer.ofType('Update')[0]!.json.object as Record<string, any>;
    expect(updated.id).toBe(noteId);
    expect(updated.updated).toMatch(/^\d{4}-/);
    expect(updated.attachment.map((image: { width: number }) => image.width)).toEqual([600, 800]);

    const deleted = await server.request(`/api/posts/${post.id}`, {
      method: 'DELETE',
      token: alice.token,
    });
    expect(deleted.status).toBe(204);
    await expect.poll(() => peer.ofType('Delete').length, { timeout: 10_000 }).toBe(1);
    expect(peer.ofType('Delete')[0]!.json.object).toMatchObject({ id: noteId, type: 'Tombstone' });
  });

  it("keeps a private account's Note from an unsigned fetch", async () => {
    const post = await postPhotos(server, carol, 'Only for friends', [
      { width: 400, height: 400, alt: 'A cat' },
    ]);
    const fetched = await fetch(`${publicUrl}/p/${post.id}`, { headers: { accept: activityJson } });
    expect(fetched.status).toBe(401);
  });

  it('links to the post in its text when it has more photos than Mastodon shows', async () => {
    const photos = [1, 2, 3, 4, 5].map((n) => ({ width: 200, height: 200, alt: `Photo ${n}` }));
    const post = await postPhotos(server, alice, 'Five of them', photos);
    const fetched = await fetch(`${publicUrl}/p/${post.id}`, { headers: { accept: activityJson } });
    const note = (await fetched.json()) as { content: string; attachment: unknown[] };
    expect(note.attachment).toHaveLength(5);
    expect(note.content).toContain(`<a href="${publicUrl}/p/${post.id}">5 photos</a>`);
  });
});
