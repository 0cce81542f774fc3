import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import zlib from 'node:zlib';
import yauzl from 'yauzl';

/** yauzl could not read the archive: not a zip, truncated, or damaged. */
export class ZipReadError extends Error {}

export interface ZipEntryVisit {
  /** The name as stored, decoded as UTF-8 and not yet checked (see unsafeNameReason). */
  name: string;
  /** The size the archive declares once uncompressed. */
  size: number;
  /**
   * The entry's bytes. yauzl checks their length against the declared size; the stream also
   * checks their CRC-32 against the archive's, which yauzl does not, so a flipped bit in a stored
   * (uncompressed) photo fails the read instead of restoring a corrupt file.
   */
  open(): Promise<Readable>;
}

/**
 * Visits every entry of a zip on disk in order, one at a time (the next is read only when the
 * visit is done), holding no list of entries: an archive of a million files takes no more memory
 * than one of ten. Names come as raw bytes (`decodeStrings: false`), because yauzl refuses an
 * archive with an unsafe name as a whole; the caller checks each name and says which one is bad.
 */
export async function forEachZipEntry(
  file: string,
  visit: (entry: ZipEntryVisit) => Promise<void>,
): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (error, opened) => (error ? reject(new ZipReadError(error.message)) : resolve(opened)),
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = (entry.fileName as unknown as Buffer).toString('utf8');
        visit({
          name,
          size: entry.uncompressedSize,
          open: () => openChecked(zip, entry),
        }).then(
          () => zip.readEntry(),
          (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
        );
      });
      zip.once('end', () => resolve());
      // `on`, not `once`: a stream still open when a visit failed may report later, after close.
      zip.on('error', (error: Error) => reject(new ZipReadError(error.message)));
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

async function openChecked(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  if (entry.isEncrypted()) throw new ZipReadError('an entry is encrypted');
  const stream = await new Promise<Readable>((resolve, reject) => {
    zip.openReadStream(entry, (error, opened) =>
      error ? reject(new ZipReadError(error.message)) : resolve(opened),
    );
  });
  let crc = 0;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      crc = zlib.crc32(chunk, crc);
      callback(null, chunk);
    },
    flush(callback) {
      callback(
        crc === entry.crc32 ? null : new ZipReadError('an entry fails its checksum (CRC-32)'),
      );
    },
  });
  stream.on('error', (error: Error) => check.destroy(new ZipReadError(error.message)));
  return stream.pipe(check);
}
