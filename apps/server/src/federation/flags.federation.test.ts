import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser, startTestServer } from '../test/harness';
import { dialects, makeJpeg, signUpUser, uploadPost } from '../test/harness';
import type { HostRouter } from './test/host-router';
import { startFederatedServer } from './test/federated-server';
import { ReferencePeer } from './test/reference-peer';

const publicUrl = 'https://photos.example';
const asContext = 'https://www.w3.org/ns/activitystreams';
const inbox = `${publicUrl}/inbox`;

describe.each(dialects)('reports across servers (Flag) on %s', (dialect) => {
  let federated: Awaited<ReturnType<typeof startFederatedServer>>;
  let router: HostRouter;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let peer: ReferencePeer;
  let admin: TestUser;
  let alice: TestUser;
  let alicePost: string;
  let bobId: string;
  const noteId = `https://peer.example/notes/${randomUUID()}`;

  const report = (user: TestUser, json: Record<string, unknown>) =>
    server.request('/api/reports', { method: 'POST', token: user.token, json });

  beforeAll(async () => {
    federated = await startFederatedServer(dialect);
    ({ server, router } = federated);
    peer = new ReferencePeer('peer.example', router);
    await peer.addPerson('bob');
    // Mastodon's instance actor is named after its host; it is what sends Flags.
    await peer.addPerson('peer.example');
    await peer.start();
    admin = await signUpUser(server, { username: 'moderator' });
    alice = await signUpUser(server, { username: 'alice' });
    alicePost = (await uploadPost(server, alice, await makeJpeg(), { caption: 'Tide' })).body
      .id as string;
    // Bob replies to Alice's post: he is a person here, and his reply a comment.
    const create = {
      '@context': asContext,
      id: `${noteId}/activity`,
      type: 'Create',
      actor: peer.actorUrl('bob'),
      object: {
        id: noteId,
        type: 'Note',
        content: '<p>Buy followers at spam.example</p>',
        inReplyTo: `${publicUrl}/p/${alicePost}`,
        attributedTo: peer.actorUrl('bob'),
        to: [`${asContext}#Public`],
      },
    };
    expect((await peer.send('bob', inbox, create)).status).toBe(202);
    for (let tries = 0; tries < 100; tries += 1) {
      const comments = await server.request(`/api/posts/${alicePost}/comments`, {
        token: alice.token,
      });
      if (comments.body.comments.length === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    bobId = (
      await server.request('/api/profiles/by-username/bob@peer.example', { token: alice.token })
    ).body.id as string;
  });
  afterAll(async () => {
    await peer.stop();
    await federated.close();
  });

  it("forwards a report of a remote person's comment as a Flag from the instance actor, only when asked", async () => {
    const kept = await report(alice, { target_type: 'profile', target_id: bobId, reason: 'spam' });
    expect(kept.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(peer.ofType('Flag')).toEqual([]);

    const comments = await server.request(`/api/posts/${alicePost}/comments`, {
      token: alice.token,
    });
    const commentId = comments.body.comments[0].id as string;
    const forwarded = await report(alice, {
      target_type: 'comment',
      target_id: commentId,
      reason: 'spam',
      note: 'Selling followers in every comment',
      forward: true,
    });
    expect(forwarded.status).toBe(201);
    await expect.poll(() => peer.ofType('Flag').length, { timeout: 10_000 }).toBe(1);
    const flag = peer.ofType('Flag')[0]!.json;
    expect(flag).toMatchObject({
      actor: `${publicUrl}/actor`,
      object: [peer.actorUrl('bob'), noteId],
      content: "It's spam: Selling followers in every comment",
    });
    // Nothing in it says who reported.
    expect(JSON.stringify(flag)).not.toContain('alice');
  });

  it('puts an incoming Flag of a local post in the admin queue, by the remote server', async () => {
    const flag = {
      '@context': asContext,
      id: `${peer.origin}/${randomUUID()}`,
      type: 'Flag',
      actor: peer.actorUrl('peer.example'),
      content: 'Stolen photo',
      object: [`${publicUrl}/users/alice`, `${publicUrl}/p/${alicePost}`],
    };
    expect((await peer.send('peer.example', inbox, flag)).status).toBe(202);
    const queue = async () =>
      (await server.request('/api/admin/reports', { token: admin.token })).body.reports as {
        target_type: string;
        target_id: string;
        reason: string;
        note: string | null;
        reporter: { username: string };
      }[];
    await expect
      .poll(async () => (await queue()).filter((r) => r.target_type === 'post'), {
        timeout: 10_000,
      })
      .toMatchObject([
        {
          target_id: alicePost,
          reason: 'other',
          note: 'Stolen photo',
          reporter: { username: 'peer.example@peer.example' },
        },
      ]);

    // A Flag naming only the person reports the profile.
    const personOnly = {
      ...flag,
      id: `${peer.origin}/${randomUUID()}`,
      object: `${publicUrl}/users/alice`,
    };
    expect((await peer.send('peer.example', inbox, personOnly)).status).toBe(202);
    await expect
      .poll(async () => (await queue()).filter((r) => r.target_id === alice.id), {
        timeout: 10_000,
      })
      .toMatchObject([
        { target_type: 'profile', reporter: { username: 'peer.example@peer.example' } },
      ]);
  });
});
