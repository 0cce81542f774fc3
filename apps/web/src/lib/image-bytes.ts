/**
 * What a picked file really is, from its first bytes: a name or a browser's type can lie (a PDF
 * renamed `.jpg` arrives as `image/jpeg`). The same kinds the server accepts.
 */
export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'heic' | 'avif';

/** Enough bytes for every signature below, the ISO-BMFF `ftyp` box's brands included. */
export const sniffedByteCount = 64;

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const heicBrands = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const avifBrands = new Set(['avif', 'avis']);
// Brands of the HEIF container that say nothing of the codec inside: the compatible brands decide.
const containerBrands = new Set(['mif1', 'msf1', 'miaf']);

function isoMediaKind(bytes: Uint8Array): ImageKind | null {
  if (bytes.length < 12 || ascii(bytes, 4, 4) !== 'ftyp') return null;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(bytes.length, boxSize);
  // The major brand at 8, then (after the minor version at 12) the compatible brands from 16.
  const brands = [ascii(bytes, 8, 4)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, 4));
  if (brands.some((brand) => avifBrands.has(brand))) return 'avif';
  if (brands.some((brand) => heicBrands.has(brand) || containerBrands.has(brand))) return 'heic';
  return null;
}

/** The kind of picture these first bytes start, or null when they start none of them. */
export function sniffImageKind(bytes: Uint8Array): ImageKind | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  return isoMediaKind(bytes);
}

/** The file's first bytes only: a 30 MB photo (or a video) is not loaded to learn its kind. */
export function readFirstBytes(file: Blob): Promise<Uint8Array> {
  // FileReader rather than Blob.arrayBuffer(): the component tests' jsdom has only the former.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file.slice(0, sniffedByteCount));
  });
}

/** The kind of picture a file starts, from its first bytes only. */
export function readImageKind(file: Blob): Promise<ImageKind | null> {
  return readFirstBytes(file).then(sniffImageKind);
}
