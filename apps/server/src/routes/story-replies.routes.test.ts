import { limits } from '@pinhole/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  TestClock,
} from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe.each(dialects)('story replies in direct messages on %s', (dialect) => {
  let server: Server;
  let photo: Buffer;
  // The app's clock: stories live 24 hours of it, and the tests move it instead of waiting.
  const clock = new TestClock();

  const call = (who: TestUser, method: string, path: string, json?: unknown) =>
    server.request(path, { method, token: who.token, json });
  const follow = async (follower: TestUser, followee: TestUser) => {
    const response = await call(follower, 'PUT', `/api/profiles/${followee.id}/follow`);
    expect(response.status).toBe(200);
  };
  const shareStory = async (author: TestUser): Promise<{ id: string }> => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 's.jpg');
    const response = await server.request('/api/stories', {
      method: 'POST',
      body: form,
      token: author.token,
    });
    expect(response.status).toBe(201);
    return response.body as { id: string };
  };
  const conversationWith = async (who: TestUser, other: TestUser): Promise<string> => {
    const response = await call(who, 'POST', '/api/conversations', {
      participant_ids: [other.id],
    });
    expect(response.status).toBeLessThan(300);
    return response.body.id as string;
  };
  const reply = (who: TestUser, conversationId: string, body: unknown) =>
    call(who, 'POST', `/api/conversations/${conversationId}/messages`, body);
  const storyOf = async (who: TestUser, conversationId: string, messageId: string) => {
    const response = await call(who, 'GET', `/api/conversations/${conversationId}/messages`);
    expect(response.status).toBe(200);
    return (response.body.messages as any[]).find((message) => message.id === messageId)?.story;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect, {}, undefined, { clock });
    photo = await makeJpeg(360, 640);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('names the story instead of its address: a thumbnail while it lives, unavailable after', async () => {
    const [ann, ben] = [await signUpUser(server), await signUpUser(server)];
    const story = await shareStory(ann);
    const id = await conversationWith(ben, ann);
    const sent = await reply(ben, id, { text: 'Lovely', story_id: story.id });
    expect(sent.status).toBe(201);
    expect(sent.body.text).toBe('Lovely');
    expect(sent.body.story).toEqual({
      id: story.id,
      thumbnail_url: expect.any(String),
      available: true,
    });

    // The author sees it too, and the thumbnail is the story's smallest copy, served to them.
    const seenByAnn = await storyOf(ann, id, sent.body.id);
    expect(seenByAnn).toMatchObject({ id: story.id, available: true });
    const thumbnail = await server.request(seenByAnn.thumbnail_url as string, { token: ann.token });
    expect(thumbnail.status).toBe(200);
    // 320 px wide, the smallest made: the thread draws it a few dozen pixels wide.
    expect(seenByAnn.thumbnail_url).toMatch(/-320w\./);

    // 24 hours later the story is gone; the reply still says what it answered.
    clock.set(clock.at + limits.storyLifetimeMs);
    for (const who of [ann, ben]) {
      expect(await storyOf(who, id, sent.body.id)).toEqual({
        id: story.id,
        thumbnail_url: null,
        available: false,
      });
    }
    // And once the sweep has removed its row, the same.
    await server.context.services.stories.removeExpired();
    expect(await storyOf(ann, id, sent.body.id)).toMatchObject({ available: false });
  });

  it('says unavailable once the author deletes the story', async () => {
    const [ann, ben] = [await signUpUser(server), await signUpUser(server)];
    const story = await shareStory(ann);
    const id = await conversationWith(ben, ann);
    const sent = await reply(ben, id, { text: 'Wow', story_id: story.id });
    expect((await call(ann, 'DELETE', `/api/stories/${story.id}`)).status).toBe(204);
    expect(await storyOf(ben, id, sent.body.id)).toEqual({
      id: story.id,
      thumbnail_url: null,
      available: false,
    });
  });

  it("shows a private account's story only while the reader may still see it", async () => {
    const [ann, ben] = [await signUpUser(server), await signUpUser(server)];
    expect((await call(ann, 'PATCH', '/api/profiles/me', { is_private: true })).status).toBe(200);
    const story = await shareStory(ann);
    const id = await conversationWith(ben, ann);
    // Not a follower: the story is not there for Ben, so he cannot reply to it.
    expect((await reply(ben, id, { text: 'hi', story_id: story.id })).status).toBe(404);

    await follow(ben, ann);
    const approved = await call(ann, 'POST', `/api/me/follow-requests/${ben.id}/approve`);
    expect(approved.status).toBe(204);
    const sent = await reply(ben, id, { text: 'hi', story_id: story.id });
    expect(sent.status).toBe(201);
    expect(sent.body.story.thumbnail_url).toMatch(/[?&]sig=/);

    // Ben stops following: the thumbnail is no longer his to see; Ann still sees her story.
    expect((await call(ben, 'DELETE', `/api/profiles/${ann.id}/follow`)).status).toBe(200);
    expect(await storyOf(ben, id, sent.body.id)).toEqual({
      id: story.id,
      thumbnail_url: null,
      available: false,
    });
    expect(await storyOf(ann, id, sent.body.id)).toMatchObject({ available: true });
  });

  it('refuses a reply to an unknown or expired story, or outside its author’s conversation', async () => {
    const [ann, ben, cat] = [
      await signUpUser(server),
      await signUpUser(server),
      await signUpUser(server),
    ];
    const story = await shareStory(ann);
    const withAnn = await conversationWith(ben, ann);
    const withCat = await conversationWith(ben, cat);
    expect((await reply(ben, withAnn, { text: 'x', story_id: 'no-such-story' })).status).toBe(404);
    const elsewhere = await reply(ben, withCat, { text: 'x', story_id: story.id });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.code).toBe('validation_error');
    // The story alone is not a message.
    expect((await reply(ben, withAnn, { story_id: story.id })).status).toBe(400);
    clock.set(clock.at + limits.storyLifetimeMs);
    expect((await reply(ben, withAnn, { text: 'x', story_id: story.id })).status).toBe(404);
  });

  it('leaves messages without a story as they were: story null', async () => {
    const [ann, ben] = [await signUpUser(server), await signUpUser(server)];
    const id = await conversationWith(ben, ann);
    const sent = await reply(ben, id, { text: 'plain' });
    expect(sent.body.story).toBeNull();
  });
});
