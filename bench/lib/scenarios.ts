/** The measured scenarios, each against a running server. */
import { setTimeout as sleep } from 'node:timers/promises';
import type { LoadResult, RequestSpec } from './load';
import { runLoad, turns } from './load';
import { residentBytes } from './server-process';

export interface LoadSettings {
  connections: number;
  durationS: number;
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { session?: { token: string } };
  if (!response.ok || !body.session)
    throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return body.session.token;
}

export function feedPath(cursor: string | null): string {
  return `/api/posts?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
}

/**
 * GET the feed page at `cursor`, signed out or (rotating through `tokens`) signed in, with any
 * extra `headers` (e.g. the Accept-Encoding a browser sends).
 */
export function runFeed(
  baseUrl: string,
  cursor: string | null,
  tokens: readonly string[],
  settings: LoadSettings,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const path = feedPath(cursor);
  const requests: RequestSpec[] =
    tokens.length === 0
      ? [{ method: 'GET', path, headers }]
      : tokens.map((token) => ({
          method: 'GET',
          path,
          headers: { ...headers, authorization: `Bearer ${token}` },
        }));
  return runLoad({ url: baseUrl, ...settings, requests });
}

/**
 * Likes and unlikes: each connection likes a post as one of several people, then takes the like
 * back, over many posts. Every request is a write attempt (idempotent: a like that already
 * exists costs a read only).
 */
export function runLikes(
  baseUrl: string,
  tokens: readonly string[],
  postIds: readonly string[],
  settings: LoadSettings & { overallRate?: number },
): Promise<LoadResult> {
  const groups = turns(tokens.length * postIds.length, (turn) => {
    const token = tokens[(turn + 1) % tokens.length]!;
    // A stride co-prime with most list sizes spreads the writes over every post.
    const postId = postIds[((turn + 1) * 7919) % postIds.length]!;
    const headers = { authorization: `Bearer ${token}` };
    const path = `/api/posts/${postId}/like`;
    return [
      { method: 'PUT', path, headers },
      { method: 'DELETE', path, headers },
    ];
  });
  return runLoad({ url: baseUrl, ...settings, groups });
}

/**
 * The signed-in feed while other people like and unlike at a steady `writesPerSecond`: every
 * write moves the content version, so this shows the feed with its caches mostly cold, as on a
 * busy instance, beside the read-only figures.
 */
export async function runFeedUnderWrites(
  baseUrl: string,
  tokens: readonly string[],
  postIds: readonly string[],
  settings: LoadSettings,
  writesPerSecond: number,
): Promise<{ feed: LoadResult; writes: LoadResult }> {
  const [feed, writes] = await Promise.all([
    runFeed(baseUrl, null, tokens, settings),
    runLikes(baseUrl, tokens, postIds, {
      connections: 4,
      durationS: settings.durationS,
      overallRate: writesPerSecond,
    }),
  ]);
  return { feed, writes };
}

export interface UploadResult {
  created: number;
  unavailable: number;
  other: number;
  baselineRssBytes: number | null;
  peakRssBytes: number | null;
  wallMs: number;
}

/** A post of `photos` copies of one photograph, as the client sends it. */
function postForm(photo: Buffer, photos: number, caption: string): FormData {
  const form = new FormData();
  form.append('caption', caption);
  for (let index = 0; index < photos; index++) {
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    form.append('alt_text', `Benchmark photo ${index + 1}`);
  }
  return form;
}

/** Wall time to 201 of `runs` posts of `photos` photographs, one after another (ms, sorted). */
export async function timeCarouselUploads(
  baseUrl: string,
  tokens: readonly string[],
  photo: Buffer,
  photos: number,
  runs: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[run % tokens.length]!}` },
      body: postForm(photo, photos, `Benchmark carousel ${run + 1}`),
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`carousel upload answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/**
 * `concurrent` uploads at once, each a post of `photosPerPost` copies of the same photograph,
 * sampling the server's RSS meanwhile.
 */
export async function runConcurrentUploads(
  baseUrl: string,
  serverPid: number,
  tokens: readonly string[],
  photo: Buffer,
  concurrent: number,
  photosPerPost = 1,
): Promise<UploadResult> {
  const baselineRssBytes = residentBytes(serverPid);
  let peakRssBytes = baselineRssBytes;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const rss = residentBytes(serverPid);
      if (rss !== null && (peakRssBytes === null || rss > peakRssBytes)) peakRssBytes = rss;
      await sleep(25);
    }
  })();
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: concurrent }, async (_value, index) => {
      const response = await fetch(`${baseUrl}/api/posts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[index % tokens.length]!}` },
        body: postForm(photo, photosPerPost, `Benchmark upload ${index + 1}`),
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const wallMs = performance.now() - started;
  sampling = false;
  await sampler;
  return {
    created: statuses.filter((status) => status === 201).length,
    unavailable: statuses.filter((status) => status === 503).length,
    other: statuses.filter((status) => status !== 201 && status !== 503).length,
    baselineRssBytes,
    peakRssBytes,
    wallMs,
  };
}

interface FeedPost {
  image_url: string;
  image: { variants: { url: string; width: number }[] };
}

/** The variant a 390 px wide phone at DPR 2 (780 device pixels) picks from the srcset. */
export function variantForPhone(variants: readonly { url: string; width: number }[]) {
  const needed = 390 * 2;
  const sorted = [...variants].sort((a, b) => a.width - b.width);
  return sorted.find((variant) => variant.width >= needed) ?? sorted.at(-1);
}

/** Bytes of a feed page's images: the originals versus the variant a phone would load. */
export async function imageBytesForPage(
  baseUrl: string,
  page: { posts: FeedPost[] },
): Promise<{ originals: number; variants: number; images: number; chosenWidths: number[] }> {
  const size = async (url: string) => {
    const response = await fetch(new URL(url, baseUrl));
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    return (await response.arrayBuffer()).byteLength;
  };
  let originals = 0;
  let variants = 0;
  const chosenWidths: number[] = [];
  for (const post of page.posts) {
    originals += await size(post.image_url);
    const chosen = variantForPhone(post.image.variants);
    if (chosen) {
      variants += await size(chosen.url);
      chosenWidths.push(chosen.width);
    }
  }
  return { originals, variants, images: page.posts.length, chosenWidths };
}
