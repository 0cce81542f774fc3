/**
 * Magic-number sniffing for the image formats Pinhole accepts (JPEG, PNG, GIF, WebP, AVIF and
 * HEIC). This runs before any decoder
 * sees the bytes, so SVG, HTML, PDF, TIFF, text and the like never reach libvips at all.
 */

export type SniffedFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heic';

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const avifBrands = new Set(['avif', 'avis']);
/** HEVC-coded HEIF (iPhones write `heic` with `mif1`); `mif1`/`msf1` alone are generic HEIF. */
const heicBrands = new Set([
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'hevm',
  'hevs',
  'mif1',
  'msf1',
]);

function ascii(input: Buffer, start: number, end: number): string {
  return input.toString('latin1', start, end);
}

/** ISO-BMFF `ftyp` box whose major or compatible brands include one of `brands`. */
function hasBrand(input: Buffer, brands: Set<string>): boolean {
  if (input.length < 16 || ascii(input, 4, 8) !== 'ftyp') return false;
  const boxSize = input.readUInt32BE(0);
  if (boxSize < 16 || boxSize > input.length || boxSize % 4 !== 0) return false;
  if (brands.has(ascii(input, 8, 12))) return true;
  // Bytes 12..16 are the minor version; compatible brands follow, four bytes each.
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) {
    if (brands.has(ascii(input, offset, offset + 4))) return true;
  }
  return false;
}

/** The format named by the first bytes of `input`, or null when it is none of the accepted ones. */
export function sniffImageFormat(input: Buffer): SniffedFormat | null {
  if (input.length >= 3 && input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) {
    return 'jpeg';
  }
  if (input.length >= 8 && input.subarray(0, 8).equals(pngSignature)) return 'png';
  if (input.length >= 6) {
    const head = ascii(input, 0, 6);
    if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  }
  if (input.length >= 12 && ascii(input, 0, 4) === 'RIFF' && ascii(input, 8, 12) === 'WEBP') {
    return 'webp';
  }
  // AVIF files also name `mif1`: AVIF is decided first. Which codec a HEIF file really uses is
  // checked from its header afterwards.
  if (hasBrand(input, avifBrands)) return 'avif';
  if (hasBrand(input, heicBrands)) return 'heic';
  return null;
}

/** ISO-BMFF brands of still images: an `ftyp` file without one of these is a film. */
const stillBrands = new Set([...avifBrands, ...heicBrands]);

/**
 * True when the first bytes are those of a video container: MP4/QuickTime/3GP (an ISO-BMFF
 * `ftyp` that names no still-image brand), Matroska/WebM, AVI, MPEG program or transport
 * streams, FLV and ASF/WMV. Used to say "videos are not imported" rather than "not an image".
 */
export function looksLikeVideo(input: Buffer): boolean {
  if (input.length >= 12 && ascii(input, 4, 8) === 'ftyp') return !hasBrand(input, stillBrands);
  if (input.length >= 4 && input.readUInt32BE(0) === 0x1a45dfa3) return true; // Matroska, WebM
  if (input.length >= 12 && ascii(input, 0, 4) === 'RIFF' && ascii(input, 8, 12) === 'AVI ') {
    return true;
  }
  if (input.length >= 4 && input.readUInt32BE(0) === 0x000001ba) return true; // MPEG-PS
  if (input.length > 188 && input[0] === 0x47 && input[188] === 0x47) return true; // MPEG-TS
  if (input.length >= 3 && ascii(input, 0, 3) === 'FLV') return true;
  const asf = Buffer.from([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]);
  return input.length >= 8 && input.subarray(0, 8).equals(asf);
}

/** ISO-BMFF brands of films ffprobe reads with its `mov` demuxer: MP4, MOV, M4V and 3GP. */
const filmBrands = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'qt  ',
  'M4V ',
  'M4VH',
  'M4VP',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
  'MSNV',
  'dash',
]);

/** The containers a video upload may be in, named by the ffmpeg demuxer that reads them. */
export type VideoContainer = 'mov' | 'matroska';

/**
 * The container named by a video's first bytes: an ISO-BMFF `ftyp` with a film brand (and no
 * still-image one) is MP4/MOV, the EBML magic is Matroska/WebM. Anything else (a playlist, a
 * concat list, text, AVI…) is null, whatever its name says: it never reaches ffprobe.
 */
export function sniffVideoContainer(input: Buffer): VideoContainer | null {
  if (input.length >= 4 && input.readUInt32BE(0) === 0x1a45dfa3) return 'matroska';
  if (hasBrand(input, stillBrands)) return null;
  return hasBrand(input, filmBrands) ? 'mov' : null;
}
