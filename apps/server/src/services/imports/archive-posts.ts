import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ImportFailure } from '@pinhole/contracts';
import { EntryTooLargeError, type ZipArchive } from './zip-archive';

/** A posts file larger than this is refused unread (Instagram's are a few MB for 10k posts). */
export const maxPostsFileBytes = 64 * 1024 * 1024;

/** One photo or video of an archive post: the archive entry holding it. */
export interface ArchivePhoto {
  entry: string;
  altText: string | null;
  /**
   * Named as a video (its extension, or a Pinhole export's `type`): read under the video size
   * limit and refused as a broken video when its bytes are not one. Bytes that are a video are
   * taken as one whatever the name says.
   */
  video: boolean;
}

/** A post found in an archive, not yet imported. */
export interface ArchivePost {
  /** How the result list names the post. */
  label: string;
  /** The same post gives the same key in every download of the archive. */
  sourceKey: string;
  /** A Pinhole export's own post id: the account may still have that very post. */
  pinholeId: string | null;
  caption: string | null;
  /** When it was first shared, or null when the archive does not say. */
  createdAt: string | null;
  photos: ArchivePhoto[];
  /** Its media that cannot be imported, and why (links, not files in the archive). */
  failures: ImportFailure[];
}

export interface ArchiveContents {
  format: 'instagram' | 'pinhole';
  posts: ArchivePost[];
  /** Whole posts or files that could not be read at all. */
  failures: ImportFailure[];
}

/** The archive holds no posts file Pinhole knows, or its posts file cannot be read. */
export class UnknownArchiveError extends Error {
  constructor(readonly failures: ImportFailure[]) {
    super(failures[0]?.reason ?? 'Unknown archive');
  }
}

const videoExtensions = /\.(mp4|mov|m4v|webm|avi|3gp|3g2|mkv|mpe?g|wmv|flv|mts|m2ts)$/i;

/**
 * Instagram writes UTF-8 text as one `\u00XX` escape per byte, so "café 😀" reads as "cafÃ© ð\u009f\u0098\u0080".
 * When every character fits in a byte and those bytes are valid UTF-8, they are decoded as such;
 * text that is already right (any character above U+00FF, or bytes that are not UTF-8) is kept.
 */
export function repairMojibake(text: string): string {
  const codes = [...text].map((char) => char.codePointAt(0) ?? 0);
  if (!codes.some((code) => code >= 0x80) || codes.some((code) => code > 0xff)) return text;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(text, 'latin1'));
  } catch {
    return text;
  }
}

const igMediaSchema = z.object({
  uri: z.string().min(1),
  creation_timestamp: z.number().optional(),
  title: z.string().optional(),
});
const igPostSchema = z.object({
  media: z.array(igMediaSchema).min(1),
  title: z.string().optional(),
  creation_timestamp: z.number().optional(),
});

const pinholePostSchema = z.object({
  id: z.string().min(1),
  caption: z.string().nullable().optional(),
  created_at: z.string().nullable().optional(),
  images: z
    .array(
      z.object({
        path: z.string().min(1),
        alt_text: z.string().nullable().optional(),
        // Written by exports since videos came (issue 50); older ones have photos only.
        type: z.string().optional(),
      }),
    )
    .min(1),
});

const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  const where = issue?.path.length ? ` (at ${issue.path.join('.')})` : '';
  return `Not in the expected format${where}`;
};

const isoFromSeconds = (seconds: number | undefined): string | null => {
  if (seconds === undefined || !Number.isFinite(seconds)) return null;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

const isoFromText = (text: string | null | undefined): string | null => {
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const labelOf = (createdAt: string | null, index: number, file: string) =>
  createdAt
    ? `Post of ${createdAt.slice(0, 10)} (${index + 1} in ${file})`
    : `Post ${index + 1} in ${file}`;

const orNull = (text: string | null | undefined) => {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
};

/** Reads and parses a JSON entry; the reason it cannot be, as a failure. */
async function readJson(
  archive: ZipArchive,
  name: string,
): Promise<{ value: unknown } | { failure: ImportFailure }> {
  const entry = archive.entries.get(name);
  if (!entry) return { failure: { item: name, reason: 'Missing from the archive' } };
  let data: Buffer;
  try {
    data = await archive.read(entry, maxPostsFileBytes);
  } catch (error) {
    const reason =
      error instanceof EntryTooLargeError
        ? `Larger than ${maxPostsFileBytes / 1024 / 1024} MB`
        : 'Could not be read from the archive';
    return { failure: { item: name, reason } };
  }
  try {
    return { value: JSON.parse(data.toString('utf8')) as unknown };
  } catch {
    return { failure: { item: name, reason: 'Not valid JSON' } };
  }
}

/** Instagram's posts files: `content/posts_1.json`, possibly under `your_instagram_activity/`. */
async function readInstagram(
  archive: ZipArchive,
  files: { name: string; root: string }[],
): Promise<ArchiveContents> {
  const posts: ArchivePost[] = [];
  const failures: ImportFailure[] = [];
  const unreadable: ImportFailure[] = [];
  for (const file of files) {
    const read = await readJson(archive, file.name);
    if ('failure' in read) {
      unreadable.push(read.failure);
      continue;
    }
    // Some versions wrap the list in an object with one key.
    const list = Array.isArray(read.value)
      ? read.value
      : read.value && typeof read.value === 'object'
        ? Object.values(read.value).find(Array.isArray)
        : undefined;
    if (!Array.isArray(list)) {
      unreadable.push({ item: file.name, reason: 'Not in the expected format (no list of posts)' });
      continue;
    }
    for (const [index, raw] of list.entries()) {
      const parsed = igPostSchema.safeParse(raw);
      if (!parsed.success) {
        failures.push({
          item: `Post ${index + 1} in ${file.name}`,
          reason: firstIssue(parsed.error),
        });
        continue;
      }
      const { media } = parsed.data;
      const createdAt = isoFromSeconds(
        parsed.data.creation_timestamp ?? media[0]?.creation_timestamp,
      );
      // A single photo keeps its caption on the media item; a carousel on the post.
      const title =
        orNull(parsed.data.title) ?? media.map((item) => orNull(item.title)).find(Boolean) ?? null;
      const label = labelOf(createdAt, index, file.name);
      const post: ArchivePost = {
        label,
        sourceKey: `instagram:${sha256(
          JSON.stringify([parsed.data.creation_timestamp ?? null, media.map((m) => m.uri)]),
        )}`,
        pinholeId: null,
        caption: title ? repairMojibake(title) : null,
        createdAt,
        photos: [],
        failures: [],
      };
      for (const item of media) {
        if (/^[a-z]+:\/\//i.test(item.uri)) {
          post.failures.push({ item: item.uri, reason: 'Not a file in the archive' });
        } else {
          // A video keeps its place in the carousel: it goes through the upload's video path.
          post.photos.push({
            entry: resolveEntry(archive, file.root, item.uri),
            altText: null,
            video: videoExtensions.test(item.uri),
          });
        }
      }
      posts.push(post);
    }
  }
  // Not one posts file could be read: the import as a whole fails.
  if (unreadable.length === files.length) throw new UnknownArchiveError(unreadable);
  return { format: 'instagram', posts, failures: [...unreadable, ...failures] };
}

/** A Pinhole export: `posts.json` beside `profile.json`, photos under `media/`. */
async function readPinhole(archive: ZipArchive, root: string): Promise<ArchiveContents> {
  const name = `${root}posts.json`;
  const read = await readJson(archive, name);
  if ('failure' in read) throw new UnknownArchiveError([read.failure]);
  if (!Array.isArray(read.value)) {
    throw new UnknownArchiveError([
      { item: name, reason: 'Not in the expected format (no list of posts)' },
    ]);
  }
  const posts: ArchivePost[] = [];
  const failures: ImportFailure[] = [];
  for (const [index, raw] of read.value.entries()) {
    const parsed = pinholePostSchema.safeParse(raw);
    if (!parsed.success) {
      failures.push({ item: `Post ${index + 1} in ${name}`, reason: firstIssue(parsed.error) });
      continue;
    }
    const createdAt = isoFromText(parsed.data.created_at);
    posts.push({
      label: labelOf(createdAt, index, name),
      sourceKey: `pinhole:${parsed.data.id}`,
      pinholeId: parsed.data.id,
      caption: orNull(parsed.data.caption),
      createdAt,
      photos: parsed.data.images.map((image) => ({
        entry: resolveEntry(archive, root, image.path),
        altText: orNull(image.alt_text),
        video: image.type === 'video' || videoExtensions.test(image.path),
      })),
      failures: [],
    });
  }
  return { format: 'pinhole', posts, failures };
}

/** Media paths are relative to the archive's root (its top folder, when it has one). */
function resolveEntry(archive: ZipArchive, root: string, uri: string): string {
  const relative = uri.replace(/^\.?\//, '');
  const rooted = `${root}${relative}`;
  return archive.entries.has(rooted) || !archive.entries.has(relative) ? rooted : relative;
}

const instagramPosts = /^(.*?)(?:your_instagram_activity\/)?content\/posts_\d+\.json$/;
const pinholePosts = /^((?:.*\/)?)posts\.json$/;

/** Which kind of archive this is, and the posts it holds, oldest first. */
export async function readArchivePosts(archive: ZipArchive): Promise<ArchiveContents> {
  const names = [...archive.entries.keys()];
  const instagram = names
    .map((name) => ({ name, match: instagramPosts.exec(name) }))
    .filter((found) => found.match)
    .map((found) => ({ name: found.name, root: found.match?.[1] ?? '' }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  let contents: ArchiveContents;
  if (instagram.length > 0) {
    contents = await readInstagram(archive, instagram);
  } else {
    const pinhole = names
      .map((name) => pinholePosts.exec(name)?.[1])
      .find((root) => root !== undefined && archive.entries.has(`${root}profile.json`));
    if (pinhole === undefined) {
      throw new UnknownArchiveError([
        {
          item: 'Archive',
          reason:
            'Neither an Instagram archive (content/posts_1.json, in JSON format) nor a Pinhole export (posts.json)',
        },
      ]);
    }
    contents = await readPinhole(archive, pinhole);
  }
  contents.posts.sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
  return contents;
}
