import { ZipFile } from 'yazl';

export interface ZipItem {
  name: string;
  data: Buffer | string;
}

/**
 * A zip in memory made by yazl. yazl refuses names that leave the archive, as it should; a name
 * written `PARENT/x` is stored as `../x` (same length, patched in the local and central headers)
 * so that tests can check the reader refuses it.
 */
export async function buildZip(items: ZipItem[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const item of items) {
    const data = typeof item.data === 'string' ? Buffer.from(item.data) : item.data;
    zip.addBuffer(data, item.name.replace(/^PARENT\//, 'zz/'), { compress: true });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  let bytes = Buffer.concat(chunks);
  for (const item of items.filter((entry) => entry.name.startsWith('PARENT/'))) {
    const stored = Buffer.from(item.name.replace(/^PARENT\//, 'zz/'));
    const wanted = Buffer.from(item.name.replace(/^PARENT\//, '../'));
    let at = bytes.indexOf(stored);
    while (at !== -1) {
      bytes = Buffer.concat([bytes.subarray(0, at), wanted, bytes.subarray(at + wanted.length)]);
      at = bytes.indexOf(stored, at + wanted.length);
    }
  }
  return bytes;
}

/** Text as Instagram's JSON export writes it: each UTF-8 byte as its own `\u00XX` character. */
export const instagramEscaped = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

export interface InstagramMedia {
  uri: string;
  creation_timestamp?: number;
  title?: string;
}

export interface InstagramPost {
  media: InstagramMedia[];
  title?: string;
  creation_timestamp?: number;
}

/**
 * An Instagram "Download your information" archive (JSON format): posts in
 * `your_instagram_activity/content/posts_1.json`, media paths relative to the archive's root.
 */
export function instagramArchive(
  posts: InstagramPost[],
  media: Record<string, Buffer>,
  extra: ZipItem[] = [],
): Promise<Buffer> {
  return buildZip([
    { name: 'your_instagram_activity/content/posts_1.json', data: JSON.stringify(posts) },
    ...Object.entries(media).map(([name, data]) => ({ name, data })),
    ...extra,
  ]);
}
