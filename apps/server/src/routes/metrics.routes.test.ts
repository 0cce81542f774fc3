import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedStream } from '../test/event-stream';
import { openEventStream } from '../test/event-stream';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const token = 'scrape-token-for-tests';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments and blank lines skipped). */
function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = value!;
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample named `name` carrying `labels` (undefined when there is none). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  const found = samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

describe.each(dialects)('GET /metrics on %s', (dialect) => {
  describe('without METRICS_TOKEN', () => {
    let server: Server;
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(async () => {
      await disposeTestServer(server);
    });

    it('answers 404 exactly as an unknown path does, even with a token', async () => {
      const unknown = await server.request('/no-such-path');
      for (const init of [{}, { token }]) {
        const metrics = await server.request('/metrics', init);
        expect(metrics.status).toBe(404);
        expect(metrics.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
        expect(metrics.body).toEqual(unknown.body);
      }
      expect(server.context.metrics).toBeUndefined();
    });
  });

  describe('with METRICS_TOKEN', () => {
    let server: Server;
    const opened: OpenedStream[] = [];
    beforeAll(async () => {
      server = await startTestServer(dialect, { METRICS_TOKEN: token });
    });
    afterAll(async () => {
      for (const stream of opened) stream.close();
      await disposeTestServer(server);
    });

    const scrape = async () => {
      const response = await server.request('/metrics', { token });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
      return parseSamples(response.text);
    };

    it.each([
      ['no Authorization', {}],
      ['a wrong token', { token: 'not-the-token' }],
      ['a longer token that starts with it', { token: `${token}x` }],
      ['another scheme', { headers: { authorization: `Basic ${token}` } }],
    ])('answers 401 in the API error shape with %s', async (_, init) => {
      const response = await server.request('/metrics', init);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ error: { code: 'unauthenticated' } });
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(response.text).not.toContain('pinhole_');
    });

    it('counts requests by route pattern, with the caches, uploads and process metrics', async () => {
      const author = await signUpUser(server);
      const post = (await uploadPost(server, author, await makeJpeg(300, 200))).body as {
        id: string;
      };
      const before = await scrape();
      for (let index = 0; index < 3; index += 1) {
        expect((await server.request('/api/posts?limit=2')).status).toBe(200);
      }
      const like = await server.request(`/api/posts/${post.id}/like`, {
        method: 'PUT',
        token: author.token,
      });
      expect(like.status).toBe(200);
      const after = await scrape();

      const feed = { method: 'GET', route: '/api/posts', status: '200' };
      const feedCount = (samples: Sample[]) =>
        valueOf(samples, 'pinhole_http_requests_total', feed) ?? 0;
      expect(feedCount(after) - feedCount(before)).toBe(3);
      expect(valueOf(after, 'pinhole_http_request_duration_seconds_count', feed)).toBe(
        feedCount(after),
      );
      // The route's pattern, never the address asked for.
      expect(
        valueOf(after, 'pinhole_http_requests_total', {
          method: 'PUT',
          route: '/api/posts/:id/like',
          status: '200',
        }),
      ).toBe(1);
      expect(
        valueOf(after, 'pinhole_http_requests_total', {
          method: 'POST',
          route: '/api/posts',
          status: '201',
        }),
      ).toBe(1);
      expect(after.some((sample) => sample.labels.route?.includes(post.id))).toBe(false);
      expect(after.some((sample) => sample.labels.route?.includes('?'))).toBe(false);

      // Three readers of one page: it is loaded at most once, then served from the cache.
      const pages = (samples: Sample[], name: string) =>
        valueOf(samples, name, { cache: 'pages' }) ?? 0;
      expect(pages(after, 'pinhole_read_cache_hits_total')).toBeGreaterThan(
        pages(before, 'pinhole_read_cache_hits_total'),
      );
      expect(pages(after, 'pinhole_read_cache_misses_total')).toBeGreaterThan(
        pages(before, 'pinhole_read_cache_misses_total'),
      );
      expect(valueOf(after, 'pinhole_read_cache_hits_total', { cache: 'sessions' })).toEqual(
        expect.any(Number),
      );

      // The upload's photo found a free slot and waited 0 s.
      expect(valueOf(after, 'pinhole_image_queue_wait_seconds_count')).toBeGreaterThanOrEqual(1);
      expect(valueOf(after, 'pinhole_image_queue_wait_seconds_bucket', { le: '0' })).toBe(
        valueOf(after, 'pinhole_image_queue_wait_seconds_count'),
      );
      expect(valueOf(after, 'pinhole_image_queue_waiting')).toBe(0);
      expect(valueOf(after, 'pinhole_image_queue_refused_total')).toBe(0);

      expect(valueOf(after, 'process_cpu_seconds_total')).toBeGreaterThan(0);
      expect(valueOf(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);

      if (dialect === 'postgres') {
        expect(valueOf(after, 'pinhole_database_pool_max_connections')).toBe(5);
        expect(valueOf(after, 'pinhole_database_pool_connections')).toBeGreaterThanOrEqual(1);
        expect(valueOf(after, 'pinhole_database_pool_waiting')).toBe(0);
      } else {
        // SQLite has no pool: nothing is made up for it.
        expect(after.some((sample) => sample.name.startsWith('pinhole_database_pool'))).toBe(false);
      }
    });

    it('shows the event streams open on this instance', async () => {
      const reader = await signUpUser(server);
      const stream = await openEventStream(server.url, reader.token);
      opened.push(stream);
      expect(stream.status).toBe(200);
      await stream.nextCount();
      expect(valueOf(await scrape(), 'pinhole_event_streams_open')).toBe(1);
      stream.close();
      await expect.poll(async () => valueOf(await scrape(), 'pinhole_event_streams_open')).toBe(0);
    });
  });
});
