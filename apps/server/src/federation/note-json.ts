import type { Federation } from '@fedify/fedify';
import type { FederatedReadsService } from '../services/federated-reads.service';

type Json = Record<string, unknown>;

/**
 * What Fedify's vocabulary cannot say of a fetched Note: each photo's `blurhash` (Mastodon's
 * `toot:blurhash`, drawn while a photo loads), and `attachment` always an array, even of one
 * photo (Pixelfed walks it as a list). Added to the JSON of `/p/:id` as it leaves.
 */
export async function withNoteExtras(
  reads: FederatedReadsService,
  response: Response,
  path: string,
) {
  const postId = /^\/p\/([^/]+)$/.exec(path)?.[1];
  const type = response.headers.get('content-type') ?? '';
  if (!postId || response.status !== 200 || !/json/.test(type)) return response;
  const note = (await response.json()) as Json;
  const attachments = note.attachment;
  if (attachments !== undefined && attachments !== null) {
    const list = (Array.isArray(attachments) ? attachments : [attachments]) as Json[];
    const images = await reads.photosOf(postId);
    list.forEach((attachment, index) => {
      const blurhash = images[index]?.blurhash;
      if (blurhash) attachment.blurhash = blurhash;
    });
    note.attachment = list;
    const context = note['@context'];
    const contexts: unknown[] = Array.isArray(context) ? context : context ? [context] : [];
    note['@context'] = [...contexts, { blurhash: 'toot:blurhash' }];
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(note), { status: response.status, headers });
}

/** The federation, its fetched Notes given what Fedify leaves out (see withNoteExtras). */
export function fetchingNoteExtras(federation: Federation<void>, reads: FederatedReadsService) {
  const fetch: Federation<void>['fetch'] = async (request, options) =>
    withNoteExtras(reads, await federation.fetch(request, options), new URL(request.url).pathname);
  return new Proxy(federation, {
    get: (target, property, receiver) =>
      property === 'fetch' ? fetch : (Reflect.get(target, property, receiver) as unknown),
  });
}
