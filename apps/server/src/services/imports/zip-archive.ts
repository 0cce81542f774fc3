import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

/** More files than this in one archive is refused before any is read. */
export const maxArchiveEntries = 250_000;

/** A named file of the archive, as its central directory describes it. */
export interface ArchiveEntry {
  name: string;
  /** The size the archive declares once uncompressed; reading more than this fails. */
  size: number;
  entry: yauzl.Entry;
}

/** The archive is not a zip, is damaged, or breaks one of the limits. */
export class ArchiveError extends Error {}

/** An entry is larger than the caller allows. */
export class EntryTooLargeError extends Error {}

/**
 * Why a name may not be read, or null when it is a plain relative path. Names come as raw
 * bytes (`decodeStrings: false`), so that an unsafe name is listed rather than refusing the whole
 * archive, which is what yauzl does with names it decodes itself.
 */
export function unsafeNameReason(name: string): string | null {
  if (name.includes('\0')) return 'Its name holds a null character';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.startsWith('\\')) {
    return 'Its path is absolute; it was not read';
  }
  if (name.split(/[/\\]/).includes('..'))
    return 'Its path leads out of the archive; it was not read';
  return null;
}

/**
 * A zip read from a file on disk, entry by entry, never whole. Each entry is streamed with a cap
 * and with yauzl's size check, so a zip bomb (an entry that inflates past what it declares, or
 * past what the caller allows) stops at the cap instead of filling memory or disk.
 */
export class ZipArchive {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    /** Safe entries by name. */
    readonly entries: Map<string, ArchiveEntry>,
    /** Entries that are never read, and why. */
    readonly refused: { name: string; reason: string }[],
  ) {}

  static async open(file: string): Promise<ZipArchive> {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
      yauzl.open(
        file,
        { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
        (error, opened) => (error ? reject(new ArchiveError(error.message)) : resolve(opened)),
      );
    });
    if (zip.entryCount > maxArchiveEntries) {
      zip.close();
      throw new ArchiveError(
        `The archive holds more than ${maxArchiveEntries.toLocaleString('en-US')} files`,
      );
    }
    const entries = new Map<string, ArchiveEntry>();
    const refused: { name: string; reason: string }[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        zip.on('entry', (entry: yauzl.Entry) => {
          // With decodeStrings off, yauzl hands the name over as bytes; archives from Instagram
          // and from Pinhole name their files in UTF-8.
          const raw = entry.fileName as unknown as Buffer;
          const name = raw.toString('utf8');
          if (!name.endsWith('/')) {
            const reason = unsafeNameReason(name);
            if (reason) refused.push({ name, reason });
            else entries.set(name, { name, size: entry.uncompressedSize, entry });
          }
          zip.readEntry();
        });
        zip.once('end', () => resolve());
        zip.once('error', (error: Error) => reject(new ArchiveError(error.message)));
        zip.readEntry();
      });
    } catch (error) {
      zip.close();
      throw error;
    }
    return new ZipArchive(zip, entries, refused);
  }

  /** The bytes of an entry, refused unread when it declares more than `maxBytes`. */
  async read(entry: ArchiveEntry, maxBytes: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    await pipeline(await this.#stream(entry, maxBytes), async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) chunks.push(chunk);
    });
    return Buffer.concat(chunks);
  }

  /** Writes an entry to `file`, refused unread when it declares more than `maxBytes`. */
  async extract(entry: ArchiveEntry, file: string, maxBytes: number): Promise<void> {
    await pipeline(await this.#stream(entry, maxBytes), createWriteStream(file));
  }

  close(): void {
    this.zip.close();
  }

  async #stream(entry: ArchiveEntry, maxBytes: number): Promise<Readable> {
    if (entry.size > maxBytes) throw new EntryTooLargeError();
    if (entry.entry.isEncrypted()) throw new ArchiveError('It is encrypted');
    const stream = await new Promise<Readable>((resolve, reject) => {
      this.zip.openReadStream(entry.entry, (error, opened) =>
        error ? reject(new ArchiveError(error.message)) : resolve(opened),
      );
    });
    // yauzl already fails an entry that inflates past its declared size; this cap does not rely
    // on it.
    let seen = 0;
    const cap = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        if (seen > maxBytes) callback(new EntryTooLargeError());
        else callback(null, chunk);
      },
    });
    stream.on('error', (error: Error) => cap.destroy(new ArchiveError(error.message)));
    return stream.pipe(cap);
  }
}
