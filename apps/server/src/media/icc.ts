/**
 * What kind of colour profile is embedded in an upload?
 *
 * sharp converts every image with an embedded profile to sRGB through LittleCMS, which costs more
 * than decoding and re-encoding a 12 MP JPEG together (≈160 ms of CPU). When the profile already
 * is sRGB (what most cameras and editors embed) the conversion changes nothing, so the pipeline
 * can skip it; when it is another RGB profile (Display P3 from phones, Adobe RGB from cameras) the
 * pipeline can keep it on the original instead. Rather than trusting the profile's name, this
 * asks LittleCMS: a colour swatch tagged with the profile is converted to sRGB and compared with
 * the untouched swatch. Verdicts are cached by profile hash: one ~1 ms check per profile and process.
 */
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

import sharp from 'sharp';

import { setBounded } from '../bounded-map';

/** Largest per-channel difference (of 255) still counted as "the same colours". */
const tolerance = 2;
const levels = [0, 32, 64, 96, 128, 160, 192, 224, 255];
const swatchSide = 27; // 27 × 27 = 9³ colours
const maxCachedVerdicts = 256;

const swatch = (() => {
  const pixels = Buffer.alloc(swatchSide * swatchSide * 3);
  let offset = 0;
  for (const red of levels) {
    for (const green of levels) {
      for (const blue of levels) {
        pixels[offset++] = red;
        pixels[offset++] = green;
        pixels[offset++] = blue;
      }
    }
  }
  return pixels;
})();

/** One PNG chunk: length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The swatch as an RGB PNG carrying `icc` in an iCCP chunk. */
function swatchPng(icc: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(swatchSide, 0);
  header.writeUInt32BE(swatchSide, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour
  const rowBytes = swatchSide * 3;
  const scanlines = Buffer.alloc(swatchSide * (rowBytes + 1));
  for (let row = 0; row < swatchSide; row++) {
    swatch.copy(scanlines, row * (rowBytes + 1) + 1, row * rowBytes, (row + 1) * rowBytes);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('iCCP', Buffer.concat([Buffer.from('icc\0\0', 'latin1'), deflateSync(icc)])),
    pngChunk('IDAT', deflateSync(scanlines)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * - `srgb`: converting to sRGB would leave 8-bit RGB pixels (nearly) unchanged; this includes an
 *   RGB profile LittleCMS cannot use at all (sharp then skips the conversion too).
 * - `rgb`: a working RGB profile with other colours (wide gamut, other curves).
 * - `other`: CMYK, grey, Lab and anything that is not an RGB profile.
 */
export type ProfileKind = 'srgb' | 'rgb' | 'other';

async function kindOfRgbProfile(icc: Buffer): Promise<ProfileKind> {
  try {
    const converted = await sharp(swatchPng(icc), { failOn: 'warning' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (converted.info.channels !== 3 || converted.data.length !== swatch.length) return 'other';
    for (let index = 0; index < swatch.length; index++) {
      if (Math.abs(converted.data[index]! - swatch[index]!) > tolerance) return 'rgb';
    }
    return 'srgb';
  } catch {
    return 'other';
  }
}

const verdicts = new Map<string, ProfileKind>();

export async function profileKind(icc: Buffer): Promise<ProfileKind> {
  if (icc.length < 128 || icc.toString('latin1', 16, 20) !== 'RGB ') return 'other';
  const key = createHash('sha256').update(icc).digest('base64');
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  const verdict = await kindOfRgbProfile(icc);
  setBounded(verdicts, key, verdict, maxCachedVerdicts);
  return verdict;
}
