import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../storage/s3';
import { bucketName } from '../storage/storage';
import type { TimedAnswer } from '../test/fault-checks';
import { eventually, expectRefusals, referencedKeys, timed } from '../test/fault-checks';
import type { TestUser } from '../test/harness';
import {
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';
import type { TestS3Server } from '../test/s3-server';
import { startS3Server } from '../test/s3-server';
import type { ProxyMode, TcpProxy } from '../test/tcp-proxy';
import { startTcpProxy } from '../test/tcp-proxy';

/** Small on purpose, so the suite is fast; the production default is 5 s. */
const s3TimeoutMs = 1000;
/** The documented bound: one S3 timeout, plus decoding the image and slack for a busy machine. */
const boundMs = s3TimeoutMs + 2000;

/**
 * The real server on SQLite and a real S3-compatible store (s3rver) reached through a TCP proxy
 * that can refuse connections (the store stopped), freeze them (the store hung), or forward a
 * write and lose its answer.
 */
describe('the server while its S3 store fails', () => {
  let s3: TestS3Server;
  let proxy: TcpProxy;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let bucket: S3Storage;
  let user: TestUser;
  let image: Buffer;
  let storedUrl: string;

  async function objectsInBucket(): Promise<string[]> {
    const keys: string[] = [];
    for await (const object of bucket.list(bucketName)) keys.push(object.key);
    return keys.sort();
  }

  /** The store is back: no refused upload left a post or an object, and uploads work again. */
  async function expectNothingLeftAndWorking(): Promise<void> {
    await proxy.setMode('pass');
    const { db } = server.context.database;
    // Requests held while the store hung reach it now; anything they wrote is removed again.
    await eventually(async () => {
      expect(await objectsInBucket()).toEqual(await referencedKeys(db));
    }, 8_000);
    const refused = await db
      .selectFrom('posts')
      .select('id')
      .where('caption', '=', 'refused')
      .execute();
    expect(refused).toEqual([]);

    expect((await server.request('/readyz')).status).toBe(200);
    const upload = await uploadPost(server, user, image, { caption: 'accepted' });
    expect(upload.status).toBe(201);
    expect((await fetch(server.url + (upload.body.image_url as string))).status).toBe(200);
  }

  async function probeStorageRoutes(): Promise<TimedAnswer[]> {
    return Promise.all([
      timed('upload', () => uploadPost(server, user, image, { caption: 'refused' })),
      timed('stored image', () => server.request(storedUrl)),
      timed('readiness', () => server.request('/readyz')),
    ]);
  }

  beforeAll(async () => {
    s3 = await startS3Server();
    proxy = await startTcpProxy(Number(new URL(s3.endpoint).port));
    server = await startTestServer('sqlite', {
      ...s3.env,
      S3_ENDPOINT: proxy.url,
      S3_TIMEOUT_MS: String(s3TimeoutMs),
    });
    bucket = new S3Storage(s3.storageOptions);
    user = await signUpUser(server);
    image = await makeJpeg(640, 480);
    const first = await uploadPost(server, user, image, { caption: 'before' });
    expect(first.status).toBe(201);
    storedUrl = first.body.image_url as string;
  }, 30_000);

  afterAll(async () => {
    bucket?.close();
    await proxy?.setMode('pass');
    if (server) await disposeTestServer(server);
    await proxy?.close();
    await s3?.close();
  });

  it.each<[string, ProxyMode]>([
    ['stopped (connections refused)', 'refuse'],
    ['hung (connections accepted, never answered)', 'hang'],
  ])(
    'answers 503 with Retry-After in time for uploads, stored images and /readyz while the store is %s; afterwards no post, no object, and uploads work',
    async (_, mode) => {
      await proxy.setMode(mode);
      try {
        const answers = await probeStorageRoutes();
        expectRefusals(answers, boundMs);
        expect(answers.find((answer) => answer.route === 'readiness')?.message).toBe(
          'Not ready: storage unavailable',
        );
        // The database is fine: the feed still answers.
        expect((await server.request('/api/posts', { token: user.token })).status).toBe(200);
      } finally {
        await proxy.setMode('pass');
      }
      await expectNothingLeftAndWorking();
    },
    20_000,
  );

  it('an upload whose object reached the store but whose answer was lost answers 503, and the object is removed', async () => {
    await proxy.setMode('hold-put-answers');
    try {
      const answer = await timed('upload', () =>
        uploadPost(server, user, image, { caption: 'refused' }),
      );
      expectRefusals([answer], boundMs);
      // The write reached the store (s3rver stores a PUT it received whole); its answer did not.
      expect(proxy.heldAnswers()).toBeGreaterThan(0);
    } finally {
      await proxy.setMode('pass');
    }
    await expectNothingLeftAndWorking();
  }, 20_000);
});
