import { messages, videoMessages } from '@pinhole/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../ids';
import { insertImport } from '../repositories/imports.repository';
import { staleImportMs } from '../services/imports/import.service';
import { buildZip, instagramArchive, instagramEscaped } from '../test/archives';
import type { TestUser } from '../test/harness';
import {
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  storageSetups,
} from '../test/harness';
import type { TestS3Server } from '../test/s3-server';
import { startS3Server } from '../test/s3-server';

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** Archives in these tests stay small; the limit is lowered so "too large" is quick to send. */
const testMaxBytes = 2 * 1024 * 1024;

const upload = (server: Server, token: string | undefined, archive: Buffer) => {
  const form = new FormData();
  form.append('archive', new Blob([new Uint8Array(archive)], { type: 'application/zip' }), 'a.zip');
  return server.request('/api/me/import', { method: 'POST', body: form, token });
};

/** Polls the import until it has finished. */
async function finished(server: Server, token: string, id: string) {
  for (let attempt = 0; attempt < 300; attempt++) {
    const response = await server.request(`/api/me/import/${id}`, { token });
    expect(response.status).toBe(200);
    if (response.body.status === 'done' || response.body.status === 'failed') return response.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the import did not finish');
}

async function importArchive(server: Server, user: TestUser, archive: Buffer) {
  const started = await upload(server, user.token, archive);
  expect(started.status).toBe(202);
  expect(started.body.id).toEqual(expect.any(String));
  return finished(server, user.token, started.body.id as string);
}

/** The person's posts, newest first, as the profile grid reads them. */
async function postsOf(server: Server, user: TestUser) {
  const response = await server.request(`/api/profiles/${user.id}/posts`, { token: user.token });
  expect(response.status).toBe(200);
  return response.body.posts as {
    id: string;
    caption: string | null;
    created_at: string;
    images: { width: number; url: string; alt_text: string | null }[];
  }[];
}

const day = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

describe.each(storageSetups)('import on $name', (setup) => {
  let server: Server;
  let s3: TestS3Server | undefined;
  beforeAll(async () => {
    s3 = setup.s3 ? await startS3Server() : undefined;
    server = await startTestServer(setup.dialect, {
      ...s3?.env,
      IMPORT_MAX_BYTES: String(testMaxBytes),
    });
  });
  afterAll(async () => {
    await disposeTestServer(server);
    await s3?.close();
  });

  it('imports an Instagram archive: captions repaired, carousels in order, dates kept, the rest listed', async () => {
    const ada = await signUpUser(server);
    const [w300, w400, w500, solo] = await Promise.all([
      makeJpeg(300, 200),
      makeJpeg(400, 200),
      makeJpeg(500, 200),
      makeJpeg(640, 480, { withGps: true }),
    ]);
    const archive = await instagramArchive(
      [
        {
          media: [
            {
              uri: 'media/posts/202001/solo.jpg',
              creation_timestamp: day('2020-01-02T10:00:00Z'),
              title: instagramEscaped('Café at dawn 😀'),
            },
          ],
        },
        {
          title: instagramEscaped('Three in a row — ✓'),
          creation_timestamp: day('2021-06-01T12:00:00Z'),
          media: [
            { uri: 'media/posts/202106/c.jpg' },
            { uri: 'media/posts/202106/a.jpg' },
            { uri: 'media/posts/202106/b.jpg' },
          ],
        },
        {
          title: 'a film',
          creation_timestamp: day('2022-01-01T00:00:00Z'),
          media: [{ uri: 'media/posts/202201/film.mp4' }],
        },
        {
          title: 'half there',
          creation_timestamp: day('2022-02-01T00:00:00Z'),
          media: [{ uri: 'media/posts/202202/here.jpg' }, { uri: 'media/posts/202202/gone.jpg' }],
        },
        {
          title: 'not a photo',
          creation_timestamp: day('2022-03-01T00:00:00Z'),
          media: [{ uri: 'media/posts/202203/text.jpg' }],
        },
        {
          title: 'a film by another name',
          creation_timestamp: day('2022-04-01T00:00:00Z'),
          media: [{ uri: 'media/posts/202204/clip.jpg' }],
        },
      ],
      {
        'media/posts/202001/solo.jpg': solo,
        'media/posts/202106/c.jpg': w300,
        'media/posts/202106/a.jpg': w400,
        'media/posts/202106/b.jpg': w500,
        'media/posts/202201/film.mp4': Buffer.from('not really a film'),
        'media/posts/202202/here.jpg': w300,
        'media/posts/202203/text.jpg': Buffer.from('plain text, not an image'),
        // An MP4's first box, under a photo's name.
        'media/posts/202204/clip.jpg': Buffer.concat([
          Buffer.from('\0\0\0\x20ftypisom\0\0\x02\0isomiso2avc1mp41', 'latin1'),
          Buffer.alloc(64),
        ]),
      },
      [{ name: 'PARENT/escape.jpg', data: w300 }],
    );

    const result = await importArchive(server, ada, archive);
    expect(result).toMatchObject({
      status: 'done',
      posts_total: 6,
      posts_done: 6,
      posts_imported: 3,
      posts_skipped: 0,
    });
    expect(result.failures).toEqual(
      expect.arrayContaining([
        { item: '../escape.jpg', reason: 'Its path leads out of the archive; it was not read' },
        // A "video" ffprobe cannot read is named as such, not with the upload form's "Please
        // select an image file" (import-videos.routes.test.ts imports real ones).
        { item: 'media/posts/202201/film.mp4', reason: videoMessages.notAVideo },
        {
          item: expect.stringMatching(/^Post of 2022-01-01/),
          reason: expect.stringMatching(/none of its photos/),
        },
        { item: 'media/posts/202202/gone.jpg', reason: 'Missing from the archive' },
        { item: 'media/posts/202203/text.jpg', reason: messages.notAPhotoToImport },
        {
          item: expect.stringMatching(/^Post of 2022-03-01/),
          reason: expect.stringMatching(/none of its photos/),
        },
        // A video by its bytes whatever its name: this one's index is missing.
        { item: 'media/posts/202204/clip.jpg', reason: videoMessages.notAVideo },
        {
          item: expect.stringMatching(/^Post of 2022-04-01/),
          reason: expect.stringMatching(/none of its photos/),
        },
      ]),
    );
    expect(result.failures).toHaveLength(8);
    expect(JSON.stringify(result.failures)).not.toContain(messages.notAnImage);

    const posts = await postsOf(server, ada);
    expect(posts.map((post) => post.caption)).toEqual([
      'half there',
      'Three in a row — ✓',
      'Café at dawn 😀',
    ]);
    expect(posts.map((post) => post.created_at)).toEqual([
      '2022-02-01T00:00:00.000Z',
      '2021-06-01T12:00:00.000Z',
      '2020-01-02T10:00:00.000Z',
    ]);
    expect(posts[1]?.images.map((image) => image.width)).toEqual([300, 400, 500]);
    // Through the same pipeline as a shared photo: the GPS position is gone.
    const original = await fetch(new URL(posts[2]!.images[0]!.url, server.url));
    expect(original.status).toBe(200);
    const metadata = await sharp(Buffer.from(await original.arrayBuffer())).metadata();
    expect(metadata.exif).toBeUndefined();
    const profile = await server.request(`/api/profiles/${ada.id}`);
    expect(profile.body.posts_count).toBe(3);

    // The same archive again adds nothing.
    const again = await importArchive(server, ada, archive);
    expect(again).toMatchObject({ status: 'done', posts_imported: 0, posts_skipped: 6 - 3 });
    expect(await postsOf(server, ada)).toHaveLength(3);
  });

  it('reports an archive that is not a zip, is unknown, or has a broken posts file', async () => {
    const bob = await signUpUser(server);
    const notZip = await importArchive(server, bob, Buffer.from('this is not a zip at all'));
    expect(notZip.status).toBe('failed');
    expect(notZip.failures[0]).toMatchObject({
      item: 'Archive',
      reason: expect.stringMatching(/^Not a zip archive that can be read/),
    });

    const unknown = await importArchive(
      server,
      bob,
      await buildZip([{ name: 'a.txt', data: 'hi' }]),
    );
    expect(unknown.status).toBe('failed');
    expect(unknown.failures[0].reason).toMatch(/^Neither an Instagram archive/);

    const broken = await importArchive(
      server,
      bob,
      await buildZip([{ name: 'content/posts_1.json', data: '[{"media": "nope"}, 3' }]),
    );
    expect(broken).toMatchObject({
      status: 'failed',
      failures: [{ item: 'content/posts_1.json', reason: 'Not valid JSON' }],
    });

    const wrongTypes = await importArchive(
      server,
      bob,
      await buildZip([
        { name: 'content/posts_1.json', data: JSON.stringify([{ media: [{ uri: 5 }] }]) },
      ]),
    );
    expect(wrongTypes).toMatchObject({
      status: 'done',
      posts_total: 0,
      failures: [
        {
          item: 'Post 1 in content/posts_1.json',
          reason: expect.stringMatching(/^Not in the expected format/),
        },
      ],
    });
    expect(await postsOf(server, bob)).toHaveLength(0);
  });

  it('refuses a photo that inflates past 5 MB without writing it out', async () => {
    const cy = await signUpUser(server);
    const bomb = await instagramArchive(
      [{ title: 'bomb', creation_timestamp: 1, media: [{ uri: 'media/bomb.jpg' }] }],
      { 'media/bomb.jpg': Buffer.alloc(64 * 1024 * 1024) },
    );
    expect(bomb.length).toBeLessThan(testMaxBytes);
    const result = await importArchive(server, cy, bomb);
    expect(result.status).toBe('done');
    expect(result.failures).toContainEqual({
      item: 'media/bomb.jpg',
      reason: 'File size must be less than 5MB',
    });
    expect(await postsOf(server, cy)).toHaveLength(0);
  });

  it('refuses a too-large archive, a form without one, strangers and a second import at once', async () => {
    const dee = await signUpUser(server);
    const tooLarge = await upload(server, dee.token, Buffer.alloc(testMaxBytes + 1, 7));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error.message).toBe('The archive must be smaller than 2 MB');

    const empty = await server.request('/api/me/import', {
      method: 'POST',
      body: new FormData(),
      token: dee.token,
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Choose a .zip archive to import');

    expect((await upload(server, undefined, Buffer.from('x'))).status).toBe(401);

    const started = await upload(server, dee.token, Buffer.from('not a zip'));
    const eve = await signUpUser(server);
    const stranger = await server.request(`/api/me/import/${started.body.id}`, {
      token: eve.token,
    });
    expect(stranger.status).toBe(404);
    await finished(server, dee.token, started.body.id as string);

    // An import still queued for the account: another one waits its turn.
    await insertImport(server.context.database.db, {
      id: `held-${Date.now()}`,
      user_id: dee.id,
      created_at: nowIso(),
    });
    const second = await upload(server, dee.token, Buffer.from('x'));
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe('An import is already running for this account');
  });

  it('marks an import whose instance stopped as failed, and lets a new one start', async () => {
    const fay = await signUpUser(server);
    const id = `stale-${Date.now()}`;
    const old = new Date(Date.now() - staleImportMs - 60_000).toISOString();
    await insertImport(server.context.database.db, { id, user_id: fay.id, created_at: old });
    const status = await server.request(`/api/me/import/${id}`, { token: fay.token });
    expect(status.body.status).toBe('failed');
    expect(status.body.failures[0].reason).toMatch(/^The server stopped during the import/);
    const next = await upload(server, fay.token, Buffer.from('x'));
    expect(next.status).toBe(202);
    await finished(server, fay.token, next.body.id as string);
  });

  it('round trip: export, delete the account, sign up again, import: the same posts', async () => {
    const gus = await signUpUser(server);
    const form = new FormData();
    form.append('caption', 'two photos, two alt texts');
    form.append(
      'image',
      new Blob([new Uint8Array(await makeJpeg(300, 300))], { type: 'image/jpeg' }),
      'a.jpg',
    );
    form.append('alt_text', 'the first');
    form.append(
      'image',
      new Blob([new Uint8Array(await makeJpeg(500, 300))], { type: 'image/jpeg' }),
      'b.jpg',
    );
    form.append('alt_text', 'the second');
    expect(
      (await server.request('/api/posts', { method: 'POST', body: form, token: gus.token })).status,
    ).toBe(201);
    const single = new FormData();
    single.append(
      'image',
      new Blob([new Uint8Array(await makeJpeg(400, 400))], { type: 'image/jpeg' }),
      'c.jpg',
    );
    expect(
      (await server.request('/api/posts', { method: 'POST', body: single, token: gus.token }))
        .status,
    ).toBe(201);
    const before = await postsOf(server, gus);

    const exported = await fetch(`${server.url}/api/me/export`, {
      headers: { authorization: `Bearer ${gus.token}` },
    });
    expect(exported.status).toBe(200);
    const zip = Buffer.from(await exported.arrayBuffer());

    // Importing your own export into the account that has the posts adds nothing.
    const home = await importArchive(server, gus, zip);
    expect(home).toMatchObject({ status: 'done', posts_imported: 0, posts_skipped: 2 });

    const deleted = await server.request('/api/me', {
      method: 'DELETE',
      json: { password: gus.password },
      token: gus.token,
    });
    expect(deleted.status).toBe(204);
    const back = await signUpUser(server, { username: gus.username, email: gus.email });
    const result = await importArchive(server, back, zip);
    expect(result).toMatchObject({ status: 'done', posts_imported: 2, failures: [] });

    const after = await postsOf(server, back);
    const shape = (posts: typeof before) =>
      posts.map((post) => ({
        caption: post.caption,
        created_at: post.created_at,
        images: post.images.map((image) => ({ width: image.width, alt_text: image.alt_text })),
      }));
    expect(shape(after)).toEqual(shape(before));
    expect(after.map((post) => post.id)).not.toEqual(before.map((post) => post.id));
  });
});
