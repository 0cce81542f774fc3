import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import { embeddedFirstScreen, makeWebDist } from '../test/web-dist';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

/**
 * The profile of someone you blocked, as Instagram shows it: there for the blocker, flagged
 * `blocked_by_me` ("You blocked …" with Unblock), its posts still hidden; 404 for the person
 * blocked; never flagged for anyone else; and gone back to normal the moment the block ends.
 */
describe.each(dialects)("a blocked person's profile on %s", (dialect) => {
  let server: Server;
  let blocker: TestUser;
  let blocked: TestUser;
  let third: TestUser;
  let webDist: ReturnType<typeof makeWebDist>;

  beforeAll(async () => {
    // A built client, so `/:username` is the app's page with the profile embedded.
    webDist = makeWebDist();
    server = await startTestServer(dialect, { WEB_DIST_DIR: webDist.dir });
    [blocker, blocked, third] = await Promise.all([
      signUpUser(server),
      signUpUser(server),
      signUpUser(server),
    ]);
    expect((await uploadPost(server, blocked, await makeJpeg(32, 24))).status).toBe(201);
  });
  afterAll(async () => {
    await disposeTestServer(server);
    webDist.remove();
  });

  const get = (path: string, who: TestUser | null) => server.request(path, { token: who?.token });
  const setBlock = (method: 'PUT' | 'DELETE', who: TestUser, whom: TestUser) =>
    server.request(`/api/profiles/${whom.id}/block`, { method, token: who.token });
  const byName = (person: TestUser) => `/api/profiles/by-username/${person.username}`;

  it('shows the blocker the profile, flagged and without posts; 404 the other way', async () => {
    // Read first, by everyone: a profile kept from before the block would show up below.
    expect((await get(byName(blocked), blocker)).body.blocked_by_me).toBe(false);
    expect((await get(byName(blocker), blocked)).body.blocked_by_me).toBe(false);
    expect((await setBlock('PUT', blocker, blocked)).body).toEqual({ blocked: true });

    for (const path of [byName(blocked), `/api/profiles/${blocked.id}`]) {
      const response = await get(path, blocker);
      expect(response.status, path).toBe(200);
      expect(response.body).toMatchObject({
        id: blocked.id,
        username: blocked.username,
        blocked_by_me: true,
        followed_by_me: false,
        follows_me: false,
        requested_by_me: false,
        posts_count: 1,
      });
    }
    // Their posts and lists stay hidden from the blocker.
    for (const list of ['posts', 'followers', 'following', 'tagged']) {
      const path = `/api/profiles/${blocked.id}/${list}`;
      expect((await get(path, blocker)).status, path).toBe(404);
    }
    // The person blocked still finds nothing.
    expect((await get(byName(blocker), blocked)).status).toBe(404);
    expect((await get(`/api/profiles/${blocker.id}`, blocked)).status).toBe(404);
    // Anyone else, signed in or out, sees the profile as ever: never the blocker's flag.
    for (const reader of [third, null]) {
      const response = await get(byName(blocked), reader);
      expect(response.status).toBe(200);
      expect(response.body.blocked_by_me).toBe(false);
    }
    // The page the server renders for the blocker embeds the flagged profile.
    const page = await server.request(`/${blocked.username}`, { cookie: blocker.cookie });
    expect(page.status).toBe(200);
    expect(embeddedFirstScreen(page.text).profile).toMatchObject({
      id: blocked.id,
      blocked_by_me: true,
    });
    const blockedPage = await server.request(`/${blocker.username}`, { cookie: blocked.cookie });
    expect(blockedPage.status).toBe(404);
  });

  it('forgets the flag at once when the block ends, and the posts come back', async () => {
    expect((await setBlock('DELETE', blocker, blocked)).body).toEqual({ blocked: false });
    const profile = await get(byName(blocked), blocker);
    expect(profile.status).toBe(200);
    expect(profile.body.blocked_by_me).toBe(false);
    const posts = await get(`/api/profiles/${blocked.id}/posts`, blocker);
    expect(posts.status).toBe(200);
    expect(posts.body.posts).toHaveLength(1);
    expect((await get(byName(blocker), blocked)).status).toBe(200);
  });

  it('answers 404 when both blocked each other: the other side chose not to be seen', async () => {
    await setBlock('PUT', blocker, third);
    await setBlock('PUT', third, blocker);
    expect((await get(byName(third), blocker)).status).toBe(404);
    expect((await get(byName(blocker), third)).status).toBe(404);
    // Once the other side lets go, the blocker's own block shows as such.
    await setBlock('DELETE', third, blocker);
    expect((await get(byName(third), blocker)).body.blocked_by_me).toBe(true);
    expect((await get(byName(blocker), third)).status).toBe(404);
  });
});
