import { ZipFile } from 'yazl';
import { bytesFile } from './images';

// yazl (hoisted from the server workspace) writes the archives a person would download.

/** Text as Instagram's JSON export writes it: each UTF-8 byte as its own `\u00XX` character. */
export const instagramEscaped = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

export interface InstagramPost {
  media: { uri: string; creation_timestamp?: number; title?: string }[];
  title?: string;
  creation_timestamp?: number;
}

/**
 * Writes an Instagram "Download your information" archive (JSON format) to disk: the posts in
 * `your_instagram_activity/content/posts_1.json`, each media file at its uri from the root.
 */
export async function instagramArchiveFile(
  name: string,
  posts: InstagramPost[],
  media: Record<string, Buffer>,
): Promise<string> {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(posts)), 'your_instagram_activity/content/posts_1.json');
  for (const [uri, data] of Object.entries(media)) zip.addBuffer(data, uri);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return bytesFile(name, Buffer.concat(chunks));
}
