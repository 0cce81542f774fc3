import { makeSyntheticPhoto } from '../../apps/server/src/seed/synthetic-photo';
import type { InstagramPost } from '../../apps/server/src/test/archives';
import { instagramArchive, instagramEscaped } from '../../apps/server/src/test/archives';
import { residentBytes } from './server-process';

/** Server RSS sampled this often while an export downloads. */
const sampleMs = 50;

export interface ExportRun {
  bytes: number;
  wallMs: number;
  baselineRssBytes: number | null;
  peakRssBytes: number | null;
}

/**
 * Downloads `GET /api/me/export` as fast as loopback allows, throwing the bytes away, while the
 * server's RSS is sampled: the rise over idle is what one export costs the server in memory.
 */
export async function runExport(baseUrl: string, pid: number, token: string): Promise<ExportRun> {
  const baselineRssBytes = residentBytes(pid);
  let peakRssBytes = baselineRssBytes;
  const sampler = setInterval(() => {
    const rss = residentBytes(pid);
    if (rss !== null && (peakRssBytes === null || rss > peakRssBytes)) peakRssBytes = rss;
  }, sampleMs);
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/me/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    let bytes = 0;
    for await (const chunk of response.body) bytes += (chunk as Uint8Array).length;
    return { bytes, wallMs: performance.now() - started, baselineRssBytes, peakRssBytes };
  } finally {
    clearInterval(sampler);
  }
}

export interface ImportRun {
  posts: number;
  photos: number;
  archiveBytes: number;
  /** From the start of the upload to the import's `done`. */
  wallMs: number;
  imported: number;
  failures: number;
}

/**
 * An Instagram archive of `posts` posts as Instagram stores them (1080 × 1350 JPEGs; every tenth
 * post a carousel of three; captions escaped as Instagram escapes them), dated years back so the
 * feed's first page stays as it was for the rows measured after this one.
 */
export async function buildBenchArchive(posts: number): Promise<{ zip: Buffer; photos: number }> {
  const distinct = await Promise.all(
    Array.from({ length: Math.min(8, posts) }, (_value, index) =>
      makeSyntheticPhoto({ width: 1080, height: 1350, format: 'jpeg', seed: `import-${index}` }),
    ),
  );
  const media: Record<string, Buffer> = {};
  const list: InstagramPost[] = [];
  let photos = 0;
  const start = Date.UTC(2016, 0, 1) / 1000;
  for (let index = 0; index < posts; index++) {
    const count = index % 10 === 9 ? 3 : 1;
    const uris = Array.from({ length: count }, (_value, photo) => {
      const uri = `media/posts/2016/${index}-${photo}.jpg`;
      media[uri] = distinct[(index + photo) % distinct.length]!;
      return uri;
    });
    photos += count;
    const caption = instagramEscaped(`Day ${index + 1} — café 😀 #bench`);
    const timestamp = start + index * 86_400;
    list.push(
      count === 1
        ? { media: [{ uri: uris[0]!, creation_timestamp: timestamp, title: caption }] }
        : {
            title: caption,
            creation_timestamp: timestamp,
            media: uris.map((uri) => ({ uri, creation_timestamp: timestamp })),
          },
    );
  }
  return { zip: await instagramArchive(list, media), photos };
}

/** Uploads the archive and polls the import until it has finished. */
export async function runImport(
  baseUrl: string,
  token: string,
  archive: { zip: Buffer; photos: number },
  posts: number,
): Promise<ImportRun> {
  const started = performance.now();
  const form = new FormData();
  form.append('archive', new Blob([new Uint8Array(archive.zip)]), 'instagram.zip');
  const response = await fetch(`${baseUrl}/api/me/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { id?: string };
  if (response.status !== 202 || !body.id) throw new Error(`import answered ${response.status}`);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const poll = await fetch(`${baseUrl}/api/me/import/${body.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const status = (await poll.json()) as {
      status: string;
      posts_imported: number;
      failures: unknown[];
    };
    if (status.status === 'done' || status.status === 'failed') {
      if (status.status === 'failed') throw new Error(`import failed: ${JSON.stringify(status)}`);
      return {
        posts,
        photos: archive.photos,
        archiveBytes: archive.zip.length,
        wallMs: performance.now() - started,
        imported: status.posts_imported,
        failures: status.failures.length,
      };
    }
  }
}
