import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@pinhole/contracts';
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
import { knownRemotePerson } from './test/remote-people';

const publicUrl = 'https://photos.example';
const publicCollection = 'https://www.w3.org/ns/activitystreams#Public';

describe.each(dialects)("a remote person's recent posts on %s", (dialect) => {
  const router = new HostRouter();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let peer: ReferencePeer;
  let alice: TestUser;

  /** One outbox item of dave's: a Create of a Note, with `extra` on the Note. */
  function created(name: string, extra: Record<string, unknown>) {
    const id = `${peer.origin}/users/dave/statuses/${name}`;
    return {
      id: `${id}/activity`,
      type: 'Create',
      actor: peer.actorUrl('dave'),
      to: [publicCollection],
      object: {
        id,
        type: 'Note',
        attributedTo: peer.actorUrl('dave'),
        content: `<p>${name}</p>`,
        published: new Date().toISOString(),
        to: [publicCollection],
        attachment: [],
        ...extra,
      },
    };
  }

  beforeAll(async () => {
    router.install();
    server = await startTestServer(dialect, {
      PUBLIC_URL: publicUrl,
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
    });
    router.route('photos.example', server.url);
    peer = new ReferencePeer('mastodon.example', router);
    await peer.addPerson('dave');
    await peer.start();
    alice = await signUpUser(server, { username: 'alice' });
    peer.serveFile('/media/dave.jpg', await makeJpeg(), 'image/jpeg');
    const photo = {
      attachment: [
        {
          type: 'Document',
          mediaType: 'image/jpeg',
          url: `${peer.origin}/media/dave.jpg`,
          name: 'Hills',
        },
      ],
    };
    const outbox = `${peer.actorUrl('dave')}/outbox`;
    peer.serveFile(
      '/users/dave/outbox',
      JSON.stringify({
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: outbox,
        type: 'OrderedCollection',
        totalItems: 4,
        first: `${outbox}/page-1`,
      }),
      'application/activity+json',
    );
    peer.serveFile(
      '/users/dave/outbox/page-1',
      JSON.stringify({
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${outbox}/page-1`,
        type: 'OrderedCollectionPage',
        partOf: outbox,
        orderedItems: [
          created('with-photo', photo),
          created('words-only', {}),
          created('a-reply', { ...photo, inReplyTo: 'https://elsewhere.example/notes/1' }),
          {
            id: `${peer.origin}/users/dave/statuses/boost/activity`,
            type: 'Announce',
            actor: peer.actorUrl('dave'),
            object: 'https://elsewhere.example/notes/2',
          },
        ],
      }),
      'application/activity+json',
    );
  });
  afterAll(async () => {
    await peer.stop();
    await disposeTestServer(server);
    router.uninstall();
  });

  it("stores their photo posts from their outbox on their profile's first view, once", async () => {
    const daveId = await knownRemotePerson(server, peer, 'dave');
    const grid = async () =>
      (await server.request(`/api/profiles/${daveId}/posts`, { token: alice.token })).body
        .posts as Post[];
    // The first view answers at once, with what is here; the posts follow.
    expect(await grid()).toEqual([]);
    await expect.poll(async () => (await grid()).length, { timeout: 15_000 }).toBe(1);
    expect((await grid())[0]).toMatchObject({
      caption: 'with-photo',
      is_remote: true,
      images: [{ alt_text: 'Hills' }],
    });
    await grid();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(peer.fetched.get('/users/dave/outbox')).toBe(1);
  });
});
