/**
 * What a picked video really is, from its first bytes, as image-bytes.ts does for photos: the
 * containers the server takes (MP4, QuickTime MOV, WebM). The server probes the whole file.
 */
export type VideoKind = 'mp4' | 'mov' | 'webm';

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

// Major brands of the ISO-BMFF `ftyp` box that say MP4 (cameras, phones, encoders, 3GP). HEIC
// and AVIF photos use the same box with brands of their own (heic, mif1, avif…), not these.
const mp4Brands =
  /^(isom|iso[2-9]|mp4[12]|avc1|hvc1|M4V[ HP]?|mmp4|dash|3gp[4-9]|3g2[abc]|MSNV|f4v |XAVC)$/;
// An old QuickTime file may start with another atom than `ftyp`.
const quickTimeAtoms = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/** The kind of video these first bytes start, or null when they start none of them. */
export function sniffVideoKind(bytes: Uint8Array): VideoKind | null {
  // EBML's magic: Matroska, which WebM is.
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return 'webm';
  const box = ascii(bytes, 4, 4);
  if (box !== 'ftyp') return quickTimeAtoms.has(box) ? 'mov' : null;
  const major = ascii(bytes, 8, 4);
  if (major === 'qt  ') return 'mov';
  return mp4Brands.test(major) ? 'mp4' : null;
}
