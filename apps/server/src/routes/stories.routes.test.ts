import { limits, messages } from '@pinhole/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import {
  TestClock,
  disposeTestServer,
  makeDamagedPng,
  makeJpeg,
  signUpUser,
  startTestServer,
  storageSetups,
} from '../test/harness';
import { expectStoredKeysBackTo, keyOfUrl, storedKeys } from '../test/photo-posts';
import type { TestS3Server } from '../test/s3-server';
import { startS3Server } from '../test/s3-server';

const dayMs = limits.storyLifetimeMs;

interface StoryBody {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  viewed_by_me: boolean;
  image: { width: number; placeholder: string | null; variants: { url: string; width: number }[] };
  author: { id: string; username: string; followed_by_me: boolean };
}

interface TrayBody {
  author: { id: string; username: string; followed_by_me: boolean };
  stories: Omit<StoryBody, 'author'>[];
  has_unviewed: boolean;
}

describe.each(storageSetups)('stories on $name', (setup) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let s3: TestS3Server | undefined;
  let photo: Buffer;
  // The app's clock: it stands still unless a test moves it, and only ever forward.
  const clock = new TestClock();
  const advance = (ms: number) => clock.set(clock.at + ms);

  beforeAll(async () => {
    s3 = setup.s3 ? await startS3Server() : undefined;
    server = await startTestServer(setup.dialect, s3?.env ?? {}, undefined, { clock });
    photo = await makeJpeg(64, 48);
  });
  afterAll(async () => {
    await disposeTestServer(server);
    await s3?.close();
  });

  const share = (user: TestUser | null, image: Buffer = photo, type = 'image/jpeg') => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(image)], { type }), 'story.jpg');
    return server.request('/api/stories', { method: 'POST', body: form, token: user?.token });
  };
  /** Shares a story a second after the last one, so every test's stories have distinct times. */
  const shareLater = async (user: TestUser): Promise<StoryBody> => {
    advance(1000);
    const response = await share(user);
    expect(response.status).toBe(201);
    return response.body as StoryBody;
  };
  const follow = async (follower: TestUser, followee: TestUser) => {
    const response = await server.request(`/api/profiles/${followee.id}/follow`, {
      method: 'PUT',
      token: follower.token,
    });
    expect(response.status).toBe(200);
  };
  const trays = async (viewer: TestUser | null): Promise<TrayBody[]> => {
    const response = await server.request('/api/stories', { token: viewer?.token });
    expect(response.status).toBe(200);
    return response.body.trays as TrayBody[];
  };
  const trayAuthors = async (viewer: TestUser | null) =>
    (await trays(viewer)).map((tray) => tray.author.id);
  const view = (viewer: TestUser, storyId: string) =>
    server.request(`/api/stories/${storyId}/view`, { method: 'PUT', token: viewer.token });
  const storyRows = async () =>
    Number(
      (
        await server.context.database.db
          .selectFrom('stories')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  const keysOf = (story: StoryBody) => story.image.variants.map((variant) => keyOfUrl(variant.url));
  const readStored = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await server.context.storage.read(key)) {
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  };

  it('shares a photo as a story: cleaned like a post photo, variants up to 1080 px, 24 hours', async () => {
    const alice = await signUpUser(server);
    const original = await makeJpeg(1600, 1200, { withGps: true });
    expect(original.includes('PinholeTestCam')).toBe(true);
    const keysBefore = await storedKeys(server);
    advance(1000);
    const created = await share(alice, original);
    expect(created.status).toBe(201);
    const story = created.body as StoryBody;
    expect(story.user_id).toBe(alice.id);
    expect(story.created_at).toBe(clock.now().toISOString());
    expect(Date.parse(story.expires_at) - Date.parse(story.created_at)).toBe(dayMs);
    expect(story.viewed_by_me).toBe(false);
    expect(story.author).toMatchObject({ id: alice.id, username: alice.username });
    expect(story.image.width).toBe(1600);
    expect(story.image.placeholder).toEqual(expect.any(String));
    expect(story.image.variants.map((variant) => variant.width)).toEqual([320, 640, 828, 1080]);

    // The original and each variant are stored under the stories folder; the variants are served.
    const added = (await storedKeys(server)).filter((key) => !keysBefore.includes(key));
    expect(added).toHaveLength(5);
    for (const key of keysOf(story)) expect(added).toContain(key);
    for (const key of added) expect(key).toMatch(new RegExp(`^user-uploads/${alice.id}/stories/`));
    const widest = await server.request(story.image.variants[3]!.url);
    expect(widest.status).toBe(200);
    expect(widest.headers.get('content-type')).toBe('image/webp');
    // Metadata stripped: the camera and GPS tags of the upload are in no stored file.
    for (const key of added) expect((await readStored(key)).includes('PinholeTestCam')).toBe(false);

    const again = await server.request(`/api/stories/${story.id}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(story);
  });

  it('refuses a non-image, one over 5 MB, a damaged one and a second photo with the API.md errors, storing nothing', async () => {
    const bob = await signUpUser(server);
    const [keysBefore, rowsBefore] = [await storedKeys(server), await storyRows()];

    const text = await share(bob, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));
    expect(text.status).toBe(415);
    expect(text.body.error).toMatchObject({
      code: 'unsupported_media_type',
      message: messages.notAnImage,
    });
    // A JPEG's name and declared type do not make one.
    const disguised = await share(bob, Buffer.from('not really a jpeg'), 'image/jpeg');
    expect(disguised.status).toBe(415);

    // Over the limit but within the form's allowance: refused while it streams.
    const justOver = Buffer.concat([photo, Buffer.alloc(limits.maxUploadBytes + 1 - photo.length)]);
    const over = await share(bob, justOver);
    expect(over.status).toBe(413);
    expect(over.body.error).toMatchObject({
      code: 'file_too_large',
      message: messages.fileTooLarge,
    });
    // Far over: refused from its declared length, unread.
    const far = await share(bob, Buffer.concat([photo, Buffer.alloc(2 * limits.maxUploadBytes)]));
    expect(far.status).toBe(413);
    expect(far.body.error.message).toBe(messages.fileTooLarge);

    // Damage found only while decoding, after the checks: still nothing stored.
    const damaged = await share(bob, await makeDamagedPng());
    expect(damaged.status).toBe(400);
    expect(damaged.body.error.message).toBe(messages.corruptImage);

    // A story is one photo.
    const form = new FormData();
    for (const name of ['a.jpg', 'b.jpg']) {
      form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), name);
    }
    const two = await server.request('/api/stories', {
      method: 'POST',
      body: form,
      token: bob.token,
    });
    expect(two.status).toBe(400);
    expect(two.body.error.message).toBe(messages.storyOnePhoto);

    const signedOut = await share(null);
    expect(signedOut.status).toBe(401);

    await expectStoredKeysBackTo(server, keysBefore);
    expect(await storyRows()).toBe(rowsBefore);
    expect(await trayAuthors(bob)).toEqual([]);
  });

  it('keeps view state per viewer: viewed_by_me and has_unviewed; a second view changes nothing', async () => {
    const [author, bob, carol] = await Promise.all([
      signUpUser(server),
      signUpUser(server),
      signUpUser(server),
    ]);
    await follow(bob, author);
    await follow(carol, author);
    const first = await shareLater(author);
    const second = await shareLater(author);

    const [bobsTray] = await trays(bob);
    expect(bobsTray!.stories.map((story) => story.id)).toEqual([first.id, second.id]);
    expect(bobsTray!.has_unviewed).toBe(true);
    expect(bobsTray!.author).toMatchObject({ id: author.id, followed_by_me: true });
    // The tray names its author once: its stories do not repeat it.
    expect(bobsTray!.stories.every((story) => !('author' in story))).toBe(true);

    expect((await view(bob, first.id)).status).toBe(204);
    const afterOne = (await trays(bob))[0]!;
    expect(afterOne.stories.map((story) => story.viewed_by_me)).toEqual([true, false]);
    expect(afterOne.has_unviewed).toBe(true);
    // Carol's rings do not move for Bob's views.
    const carols = (await trays(carol))[0]!;
    expect(carols.stories.map((story) => story.viewed_by_me)).toEqual([false, false]);
    expect(carols.has_unviewed).toBe(true);

    expect((await view(bob, second.id)).status).toBe(204);
    const afterBoth = (await trays(bob))[0]!;
    expect(afterBoth.has_unviewed).toBe(false);
    expect(
      (await server.request(`/api/stories/${second.id}`, { token: bob.token })).body,
    ).toMatchObject({ viewed_by_me: true });
    expect(
      (await server.request(`/api/stories/${second.id}`, { token: carol.token })).body,
    ).toMatchObject({ viewed_by_me: false });

    // Twice is once: the same 204, one viewer row, the first view's time kept.
    const viewers = async () =>
      (await server.request(`/api/stories/${first.id}/viewers`, { token: author.token })).body;
    const before = await viewers();
    advance(1000);
    expect((await view(bob, first.id)).status).toBe(204);
    expect(await viewers()).toEqual(before);
    expect(before.views_count).toBe(1);

    // Viewing your own story is fine and marks it for you, but is no "Seen by".
    expect((await view(author, first.id)).status).toBe(204);
    const own = (await trays(author))[0]!;
    expect(own.stories.map((story) => story.viewed_by_me)).toEqual([true, false]);
    expect((await viewers()).views_count).toBe(1);

    const signedOut = await server.request(`/api/stories/${first.id}/view`, { method: 'PUT' });
    expect(signedOut.status).toBe(401);
  });

  it('orders trays: yours first, then people you follow with unviewed stories, newest first, then the rest', async () => {
    const [viewer, older, newer, seen, stranger] = await Promise.all([
      signUpUser(server),
      signUpUser(server),
      signUpUser(server),
      signUpUser(server),
      signUpUser(server),
    ]);
    for (const person of [older, newer, seen]) await follow(viewer, person);
    expect(await trayAuthors(viewer)).toEqual([]);

    const seenStory = await shareLater(seen);
    await shareLater(older);
    await shareLater(newer);
    await shareLater(stranger);
    expect(await trayAuthors(viewer)).toEqual([newer.id, older.id, seen.id]);

    // Seeing everything of the newest sharer moves them behind those still unviewed.
    const newersTray = (await trays(viewer))[0]!;
    for (const story of newersTray.stories) await view(viewer, story.id);
    expect(await trayAuthors(viewer)).toEqual([older.id, seen.id, newer.id]);
    await view(viewer, seenStory.id);
    expect(await trayAuthors(viewer)).toEqual([older.id, newer.id, seen.id]);

    // Your own tray leads, even behind older stories; a new story of a viewed person brings
    // them back among the unviewed, newest first.
    await shareLater(viewer);
    await shareLater(seen);
    expect(await trayAuthors(viewer)).toEqual([viewer.id, seen.id, older.id, newer.id]);
    const [own] = await trays(viewer);
    expect(own!.author).toMatchObject({ id: viewer.id, followed_by_me: false });

    // Unfollowing shows at once (the trays are cached until a change like this one).
    await server.request(`/api/profiles/${older.id}/follow`, {
      method: 'DELETE',
      token: viewer.token,
    });
    expect(await trayAuthors(viewer)).toEqual([viewer.id, seen.id, newer.id]);
  });

  it("signed out: the most recent public trays, nothing viewed, never a private account's", async () => {
    const [first, second, hidden] = await Promise.all([
      signUpUser(server),
      signUpUser(server),
      signUpUser(server),
    ]);
    const patched = await server.request('/api/profiles/me', {
      method: 'PATCH',
      json: { is_private: true },
      token: hidden.token,
    });
    expect(patched.status).toBe(200);
    await shareLater(first);
    await shareLater(hidden);
    await shareLater(second);
    const signedOut = await trays(null);
    const ours = signedOut
      .map((tray) => tray.author.id)
      .filter((id) => [first.id, second.id, hidden.id].includes(id));
    expect(ours).toEqual([second.id, first.id]);
    expect(signedOut.every((tray) => tray.has_unviewed)).toBe(true);
    const times = signedOut.map((tray) => tray.stories.at(-1)!.created_at);
    expect(times).toEqual([...times].sort().reverse());

    // At most 30 trays, the most recent ones.
    const crowd = await Promise.all(
      Array.from({ length: limits.storyTraysSignedOutLimit }, () => signUpUser(server)),
    );
    for (const person of crowd) await shareLater(person);
    const full = await trays(null);
    expect(full).toHaveLength(limits.storyTraysSignedOutLimit);
    expect(full.map((tray) => tray.author.id)).toEqual(crowd.map((person) => person.id).reverse());
  });

  it("hides a private account's stories from all but its approved followers, behind signed URLs", async () => {
    const [owner, follower, stranger] = await Promise.all([
      signUpUser(server),
      signUpUser(server),
      signUpUser(server),
    ]);
    await server.request('/api/profiles/me', {
      method: 'PATCH',
      json: { is_private: true },
      token: owner.token,
    });
    await follow(stranger, owner); // only a request: not approved
    await follow(follower, owner);
    const approved = await server.request(`/api/me/follow-requests/${follower.id}/approve`, {
      method: 'POST',
      token: owner.token,
    });
    expect(approved.status).toBe(204);
    const story = await shareLater(owner);

    for (const viewer of [stranger, null]) {
      expect(await trayAuthors(viewer)).not.toContain(owner.id);
      const one = await server.request(`/api/stories/${story.id}`, { token: viewer?.token });
      expect(one.status).toBe(404);
    }
    expect((await view(stranger, story.id)).status).toBe(404);
    const peek = await server.request(`/api/stories/${story.id}/viewers`, {
      token: stranger.token,
    });
    expect(peek.status).toBe(404);

    const [tray] = await trays(follower);
    expect(tray!.author.id).toBe(owner.id);
    const url = tray!.stories[0]!.image.variants[0]!.url;
    expect(url).toMatch(/\?exp=\d+&sig=/);
    expect((await server.request(url)).status).toBe(200);
    // The same file without its signature is not there.
    expect((await server.request(url.slice(0, url.indexOf('?')))).status).toBe(404);
    expect((await view(follower, story.id)).status).toBe(204);
  });

  it('shows the viewers to the author only, newest first, with views_count', async () => {
    const [author, first, second, other] = await Promise.all([
      signUpUser(server),
      signUpUser(server),
      signUpUser(server),
      signUpUser(server),
    ]);
    const story = await shareLater(author);
    expect((await view(first, story.id)).status).toBe(204);
    advance(1000);
    expect((await view(second, story.id)).status).toBe(204);
    await follow(author, second);

    const list = await server.request(`/api/stories/${story.id}/viewers`, { token: author.token });
    expect(list.status).toBe(200);
    expect(list.body.views_count).toBe(2);
    expect(list.body.viewers.map((entry: { profile: { id: string } }) => entry.profile.id)).toEqual(
      [second.id, first.id],
    );
    expect(list.body.viewers[0].profile.followed_by_me).toBe(true);
    expect(list.body.viewers[1].profile.followed_by_me).toBe(false);
    expect(list.body.viewers[0].viewed_at).toBe(clock.now().toISOString());

    for (const viewer of [first, other]) {
      const refused = await server.request(`/api/stories/${story.id}/viewers`, {
        token: viewer.token,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(messages.storyViewersAuthorOnly);
    }
  });

  it('deletes a story with its files, by its author only; then it answers 404', async () => {
    const [author, other] = await Promise.all([signUpUser(server), signUpUser(server)]);
    await follow(other, author);
    const story = await shareLater(author);
    await view(other, story.id);
    const keys = keysOf(story);
    expect(await trayAuthors(other)).toEqual([author.id]);

    const refused = await server.request(`/api/stories/${story.id}`, {
      method: 'DELETE',
      token: other.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(messages.notYourStory);

    const deleted = await server.request(`/api/stories/${story.id}`, {
      method: 'DELETE',
      token: author.token,
    });
    expect(deleted.status).toBe(204);
    // The files are discarded after the commit, not within the answer: polled.
    await expect
      .poll(async () => (await storedKeys(server)).filter((key) => keys.includes(key)))
      .toEqual([]);
    const stored = await storedKeys(server);
    expect(stored.filter((key) => key.startsWith(`user-uploads/${author.id}/stories/`))).toEqual(
      [],
    );
    expect(await trayAuthors(other)).toEqual([]);
    expect((await server.request(`/api/stories/${story.id}`)).status).toBe(404);
    expect((await view(other, story.id)).status).toBe(404);
    const again = await server.request(`/api/stories/${story.id}`, {
      method: 'DELETE',
      token: author.token,
    });
    expect(again.status).toBe(404);
  });

  it('removes stories and their files with the account; the export holds the live ones', async () => {
    const leaving = await signUpUser(server);
    const story = await shareLater(leaving);
    const exported = await server.request('/api/me/export', { token: leaving.token });
    expect(exported.status).toBe(200);
    // Entry names are stored uncompressed in a zip's headers.
    expect(exported.text).toContain('stories.json');
    expect(exported.text).toContain(`media/stories/${story.id}.jpg`);

    const gone = await server.request('/api/me', {
      method: 'DELETE',
      json: { password: leaving.password },
      token: leaving.token,
    });
    expect(gone.status).toBe(204);
    const stored = await storedKeys(server);
    expect(stored.filter((key) => key.startsWith(`user-uploads/${leaving.id}/`))).toEqual([]);
    expect((await server.request(`/api/stories/${story.id}`)).status).toBe(404);
  });

  it('is there at 23:59:59 and gone at 24:00:00 everywhere; the sweep then removes its files', async () => {
    const [author, follower] = await Promise.all([signUpUser(server), signUpUser(server)]);
    await follow(follower, author);
    const story = await shareLater(author);
    const keys = keysOf(story);
    const createdMs = Date.parse(story.created_at);

    clock.set(createdMs + dayMs - 1000);
    expect((await server.request(`/api/stories/${story.id}`)).status).toBe(200);
    expect(await trayAuthors(follower)).toEqual([author.id]);
    expect(await trayAuthors(author)).toEqual([author.id]);
    expect((await trays(null)).map((tray) => tray.author.id)).toContain(author.id);
    // Not removed early.
    await server.context.services.sweep.run();
    expect(await storedKeys(server)).toEqual(expect.arrayContaining(keys));

    clock.set(createdMs + dayMs);
    // The trays were cached a second ago; they go stale by time, not by a change.
    expect(await trayAuthors(follower)).toEqual([]);
    expect(await trayAuthors(author)).toEqual([]);
    expect((await trays(null)).map((tray) => tray.author.id)).not.toContain(author.id);
    expect((await server.request(`/api/stories/${story.id}`)).status).toBe(404);
    expect((await view(follower, story.id)).status).toBe(404);
    const viewers = await server.request(`/api/stories/${story.id}/viewers`, {
      token: author.token,
    });
    expect(viewers.status).toBe(404);
    // Its files wait for the sweep, which removes them with the row.
    expect(await storedKeys(server)).toEqual(expect.arrayContaining(keys));
    const swept = await server.context.services.sweep.run();
    expect(swept.removed).toBeGreaterThanOrEqual(keys.length + 1);
    const stored = await storedKeys(server);
    for (const key of keys) expect(stored).not.toContain(key);
    expect(stored.filter((key) => key.startsWith(`user-uploads/${author.id}/stories/`))).toEqual(
      [],
    );
    const row = await server.context.database.db
      .selectFrom('stories')
      .select('id')
      .where('id', '=', story.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
