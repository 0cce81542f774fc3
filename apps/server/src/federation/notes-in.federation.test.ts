import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser, startTestServer } from '../test/harness';
import { dialects, makeJpeg, signUpUser, uploadPost } from '../test/harness';
import type { HostRouter } from './test/host-router';
import { startFederatedServer } from './test/federated-server';
import { ReferencePeer } from './test/reference-peer';

const publicUrl = 'https://photos.example';
const publicCollection = 'https://www.w3.org/ns/activitystreams#Public';
const asContext = 'https://www.w3.org/ns/activitystreams';

/** A Note as Mastodon writes one (its ActivityPub docs and serializer), mentioning `mentions`. */
function mastodonNote(peer: ReferencePeer, who: string, html: string, extra = {}) {
  const id = `${peer.actorUrl(who)}/statuses/${randomUUID()}`;
  return {
    id,
    type: 'Note',
    summary: null,
    inReplyTo: null,
    published: new Date().toISOString(),
    url: id,
    attributedTo: peer.actorUrl(who),
    to: [publicCollection],
    cc: [`${peer.actorUrl(who)}/followers`],
    sensitive: false,
    content: html,
    attachment: [],
    tag: [] as Record<string, unknown>[],
    ...extra,
  };
}

describe.each(dialects)('notes from a peer on %s', (dialect) => {
  let federated: Awaited<ReturnType<typeof startFederatedServer>>;
  let router: HostRouter;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let peer: ReferencePeer;
  let alice: TestUser;
  let carol: TestUser;
  const inbox = `${publicUrl}/inbox`;

  const notifications = async (user: TestUser) =>
    (await server.request('/api/notifications', { token: user.token })).body.notifications as {
      type: string;
      actor: { username: string };
      post: unknown;
    }[];
  const create = (who: string, note: { id: string }) => ({
    '@context': asContext,
    id: `${note.id}/activity`,
    type: 'Create',
    actor: peer.actorUrl(who),
    to: [publicCollection],
    object: note,
  });

  beforeAll(async () => {
    federated = await startFederatedServer(dialect);
    ({ server, router } = federated);
    peer = new ReferencePeer('mastodon.example', router);
    await peer.addPerson('bob');
    await peer.start();
    alice = await signUpUser(server, { username: 'alice' });
    carol = await signUpUser(server, { username: 'carol' });
  });
  afterAll(async () => {
    await peer.stop();
    await federated.close();
  });

  it('tells a person here that a post elsewhere mentions them', async () => {
    const note = mastodonNote(
      peer,
      'bob',
      '<p><span class="h-card"><a href="https://photos.example/@alice" class="u-url mention">@<span>alice</span></a></span> look at this</p>',
    );
    note.tag = [
      { type: 'Mention', href: `${publicUrl}/users/alice`, name: '@alice@photos.example' },
      // Someone who is not here: nobody to tell.
      { type: 'Mention', href: `${publicUrl}/users/nobody`, name: '@nobody@photos.example' },
    ];
    expect((await peer.send('bob', inbox, create('bob', note))).status).toBe(202);
    await expect.poll(async () => (await notifications(alice)).length, { timeout: 10_000 }).toBe(1);
    expect(await notifications(alice)).toMatchObject([
      { type: 'mention', actor: { username: 'bob@mastodon.example' }, post: null },
    ]);
    expect(await notifications(carol)).toEqual([]);
    // Delivered again (a retry): still told once.
    expect((await peer.send('bob', inbox, create('bob', note))).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await notifications(alice)).toHaveLength(1);
  });

  it("edits a remote reply's comment on Update", async () => {
    const postId = (await uploadPost(server, carol, await makeJpeg(), { caption: 'Hill' })).body
      .id as string;
    const comments = async () =>
      (await server.request(`/api/posts/${postId}/comments`, { token: carol.token })).body
        .comments as { content: string }[];
    const reply = mastodonNote(peer, 'bob', '<p>Nice hil</p>', {
      inReplyTo: `${publicUrl}/p/${postId}`,
    });
    await peer.send('bob', inbox, create('bob', reply));
    await expect.poll(async () => (await comments()).length, { timeout: 10_000 }).toBe(1);

    const update = {
      '@context': asContext,
      id: `${reply.id}#updates/1`,
      type: 'Update',
      actor: peer.actorUrl('bob'),
      to: [publicCollection],
      object: { ...reply, content: '<p>Nice <b>hill</b></p>', updated: new Date().toISOString() },
    };
    expect((await peer.send('bob', inbox, update)).status).toBe(202);
    await expect
      .poll(async () => (await comments())[0]?.content, { timeout: 10_000 })
      .toBe('Nice hill');
  });
});
