import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { limits, messages } from '@pinhole/contracts';
import sharp, { type Sharp } from 'sharp';
import { thumbHashToApproximateAspectRatio } from 'thumbhash';
import { describe, expect, it } from 'vitest';

import {
  checkImage,
  ImageRejectedError,
  maxInputPixels,
  processImage,
  variantWidthsFor,
  type ImageRejectionReason,
  type ProcessedImage,
} from './image';
import { jpegHeaderThenHtml, pixelFloodPng } from '../test/hostile-images';
import { pngChunk } from './icc';
import { sniffImageFormat } from './sniff';

// ---------------------------------------------------------------------------------------------
// Fixtures, generated on the fly.

/** Raw RGB pixels with gradients and a pattern, so encoders have something photo-like to do. */
function rawPixels(width: number, height: number, channels: 3 | 4 = 3, shift = 0): Buffer {
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * channels;
      data[offset] = (x * 255) / width;
      data[offset + 1] = (y * 255) / height;
      data[offset + 2] = ((x + y + shift) * 7) % 256;
      if (channels === 4) data[offset + 3] = x < width / 2 ? 255 : 128;
    }
  }
  return data;
}

function image(width: number, height: number, channels: 3 | 4 = 3) {
  return sharp(rawPixels(width, height, channels), { raw: { width, height, channels } });
}

const jpeg = (width: number, height: number) => image(width, height).jpeg().toBuffer();

/** Animated image: `frames` frames of width × height, each a different colour shift. */
function animation(width: number, height: number, frames: number) {
  const data = Buffer.concat(
    Array.from({ length: frames }, (_, frame) => rawPixels(width, height, 4, frame * 40)),
  );
  return sharp(data, { raw: { width, height: height * frames, channels: 4, pageHeight: height } });
}

/** A hand-made GIF: a large logical screen and `frames` frames of one pixel each. */
function animatedGifBomb(width: number, height: number, frames: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen[4] = 0x80; // global colour table of 2 entries
  const frame = Buffer.from([
    ...[0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00], // graphic control: 100 ms
    ...[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0], // image descriptor: 1 × 1 at 0,0
    ...[0x02, 0x02, 0x44, 0x01, 0x00], // LZW data for one pixel of colour 0
  ]);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    screen,
    Buffer.from([0, 0, 0, 255, 255, 255]),
    ...Array.from({ length: frames }, () => frame),
    Buffer.from([0x3b]),
  ]);
}

/** Rewrites the frame size in a baseline JPEG's SOF0 segment. */
function withJpegDimensions(input: Buffer, width: number, height: number): Buffer {
  const output = Buffer.from(input);
  const sof = output.indexOf(Buffer.from([0xff, 0xc0]));
  expect(sof).toBeGreaterThan(0);
  output.writeUInt16BE(height, sof + 5);
  output.writeUInt16BE(width, sof + 7);
  return output;
}

function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head[0] = 0xff;
  head[1] = marker;
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** Inserts segments right after the SOI marker of a JPEG. */
function insertJpegSegments(input: Buffer, segments: Buffer[]): Buffer {
  return Buffer.concat([input.subarray(0, 2), ...segments, input.subarray(2)]);
}

/** An IPTC-IIM record inside a Photoshop APP13 segment, which sharp cannot write itself. */
function iptcSegment(text: string): Buffer {
  const value = Buffer.from(text, 'latin1');
  const record = Buffer.concat([Buffer.from([0x1c, 0x02, 0x78, 0x00, value.length]), value]);
  const resourceLength = Buffer.alloc(4);
  resourceLength.writeUInt32BE(record.length);
  const resource = Buffer.concat([
    Buffer.from('8BIM', 'latin1'),
    Buffer.from([0x04, 0x04, 0x00, 0x00]),
    resourceLength,
    record,
    Buffer.alloc(record.length % 2),
  ]);
  return jpegSegment(0xed, Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource]));
}

const xmp = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>SecretXmpAuthor</dc:creator></rdf:Description>
</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

/**
 * 300 × 200 stored pixels with EXIF orientation 6 (displayed 200 × 300), camera make/model,
 * GPS position, XMP, IPTC and a JPEG comment. The stored top-left corner is pure red.
 */
async function jpegFullOfMetadata(): Promise<Buffer> {
  const width = 300;
  const height = 200;
  const pixels = rawPixels(width, height);
  for (let y = 0; y < 20; y++) {
    for (let x = 0; x < 20; x++) pixels.set([255, 0, 0], (y * width + x) * 3);
  }
  const encoded = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: 'SecretCamMake', Model: 'SecretCamModel', Software: 'SecretSoftware' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2613/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3993/100',
        GPSMapDatum: 'SecretDatum',
      },
    })
    .withMetadata({ orientation: 6 })
    .withXmp(xmp)
    .jpeg()
    .toBuffer();
  return insertJpegSegments(encoded, [
    iptcSegment('SecretIptcCaption'),
    jpegSegment(0xfe, Buffer.from('SecretJpegComment', 'latin1')),
  ]);
}

const secrets = [
  'SecretCamMake',
  'SecretCamModel',
  'SecretSoftware',
  'SecretDatum',
  'SecretXmpAuthor',
  'SecretIptcCaption',
  'SecretJpegComment',
  'Exif\0\0',
  'http://ns.adobe.com/xap',
  'Photoshop 3.0',
  '8BIM',
];

// ---------------------------------------------------------------------------------------------
// Helpers.

async function rejection(input: Buffer): Promise<ImageRejectedError> {
  try {
    await processImage(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ImageRejectedError);
    return error as ImageRejectedError;
  }
  throw new Error('expected the image to be rejected');
}

const expectedMessage: Record<ImageRejectionReason, string> = {
  unsupported: messages.notAnImage,
  corrupt: messages.corruptImage,
  too_many_pixels: messages.imageTooLarge,
};

async function expectRejected(input: Buffer, reason: ImageRejectionReason) {
  const error = await rejection(input);
  expect(error.reason).toBe(reason);
  expect(error.message).toBe(expectedMessage[reason]);
  return error;
}

function allOutputs(result: ProcessedImage) {
  return [result.original, ...result.variants];
}

async function expectVariantsAreWebp(result: ProcessedImage) {
  for (const variant of result.variants) {
    expect(variant).toMatchObject({ extension: 'webp', contentType: 'image/webp' });
    const metadata = await sharp(variant.data).metadata();
    expect(metadata.format).toBe('webp');
    expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height]);
  }
}

// ---------------------------------------------------------------------------------------------

describe('processImage: metadata, orientation and colour', () => {
  it('applies EXIF orientation and strips EXIF, GPS, XMP, IPTC and comments everywhere', async () => {
    const input = await jpegFullOfMetadata();
    const before = await sharp(input).metadata();
    expect(before).toMatchObject({ width: 300, height: 200, orientation: 6 });
    expect(before.exif).toBeDefined();
    expect(before.xmp).toBeDefined();
    expect(before.iptc).toBeDefined();
    for (const secret of secrets) expect(input.includes(secret)).toBe(true);

    const result = await processImage(input);

    expect(result.format).toBe('jpeg');
    expect(result.original).toMatchObject({
      width: 200,
      height: 300,
      extension: 'jpg',
      contentType: 'image/jpeg',
    });
    expect(result.variants.map((variant) => [variant.width, variant.height])).toEqual([[200, 300]]);
    for (const output of allOutputs(result)) {
      const metadata = await sharp(output.data).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(metadata.comments ?? []).toEqual([]);
      expect(metadata.orientation ?? 1).toBeLessThanOrEqual(1);
      expect([metadata.width, metadata.height]).toEqual([200, 300]);
      for (const secret of secrets) expect(output.data.includes(secret)).toBe(false);
    }

    // Orientation 6 turns the picture 90° clockwise: the red stored top-left is now top-right.
    const { data, info } = await sharp(result.original.data)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const topRight = (info.width - 5 + 5 * info.width) * info.channels;
    const topLeft = (5 + 5 * info.width) * info.channels;
    expect(data[topRight]).toBeGreaterThan(200);
    expect(data[topRight + 1]).toBeLessThan(60);
    expect(data[topLeft + 1]).toBeGreaterThan(data[topLeft]! - 60); // not red
  });

  it.each([
    ['PNG', (image: Sharp) => image.png()],
    ['WebP', (image: Sharp) => image.webp()],
    ['GIF', (image: Sharp) => image.gif({ effort: 1 })],
    ['AVIF', (image: Sharp) => image.avif({ effort: 0 })],
  ])('strips EXIF, XMP and comments from %s too', async (name, encode) => {
    let input = await encode(
      image(400, 300)
        .withExif({ IFD0: { Make: 'SecretCamMake', Model: 'SecretCamModel' } })
        .withXmp(xmp),
    ).toBuffer();
    if (sniffImageFormat(input) === 'png') {
      // Add a tEXt chunk after IHDR (8-byte signature + 25-byte IHDR chunk).
      const text = pngChunk('tEXt', Buffer.from('Comment\0SecretPngText', 'latin1'));
      input = Buffer.concat([input.subarray(0, 33), text, input.subarray(33)]);
      expect(input.includes('SecretPngText')).toBe(true);
    }
    if (name === 'GIF') {
      // GIF carries no EXIF/XMP here; add a comment extension before the trailer instead.
      const comment = Buffer.from('SecretJpegComment', 'latin1');
      const extension = Buffer.from([0x21, 0xfe, comment.length, ...comment, 0x00]);
      input = Buffer.concat([input.subarray(0, -1), extension, input.subarray(-1)]);
      expect(input.includes('SecretJpegComment')).toBe(true);
    } else {
      const before = await sharp(input).metadata();
      expect(before.exif ?? before.xmp).toBeDefined();
    }

    const result = await processImage(input);
    for (const output of allOutputs(result)) {
      const metadata = await sharp(output.data).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      for (const secret of [...secrets, 'SecretPngText']) {
        expect(output.data.includes(secret)).toBe(false);
      }
    }
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'applies EXIF orientation %i to the original and the variants like sharp does',
    async (orientation) => {
      // Stored 64 × 48 in four solid quadrants: red, green / blue, white.
      const width = 64;
      const height = 48;
      const colours = [
        [255, 0, 0],
        [0, 255, 0],
        [0, 0, 255],
        [255, 255, 255],
      ];
      const pixels = Buffer.alloc(width * height * 3);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const quadrant = (y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1);
          pixels.set(colours[quadrant]!, (y * width + x) * 3);
        }
      }
      const input = await sharp(pixels, { raw: { width, height, channels: 3 } })
        .withMetadata({ orientation })
        .jpeg({ quality: 95 })
        .toBuffer();
      const expected = await sharp(input).autoOrient().raw().toBuffer({ resolveWithObject: true });

      const result = await processImage(input);
      for (const output of allOutputs(result)) {
        expect([output.width, output.height]).toEqual([expected.info.width, expected.info.height]);
        const actual = await sharp(output.data).raw().toBuffer({ resolveWithObject: true });
        expect(actual.info.channels).toBe(3);
        // Sample the centre of each quadrant of the displayed picture.
        for (const [fx, fy] of [
          [0.25, 0.25],
          [0.75, 0.25],
          [0.25, 0.75],
          [0.75, 0.75],
        ] as const) {
          const offset =
            (Math.floor(fy * expected.info.height) * expected.info.width +
              Math.floor(fx * expected.info.width)) *
            3;
          for (let channel = 0; channel < 3; channel++) {
            expect(
              Math.abs(actual.data[offset + channel]! - expected.data[offset + channel]!),
            ).toBeLessThan(40);
          }
        }
      }
    },
  );

  /** The colour a colour-managed browser shows: sharp converts by the embedded profile to sRGB. */
  async function shownColour(data: Buffer): Promise<number[]> {
    return [...(await sharp(data).raw().toBuffer()).subarray(0, 3)];
  }

  const flatColour = (colour: { r: number; g: number; b: number }) =>
    sharp({ create: { width: 400, height: 300, channels: 3, background: colour } });

  it.each([
    { r: 220, g: 40, b: 40 },
    { r: 40, g: 180, b: 60 },
  ])('shows %o the same from untagged, sRGB and Display P3 photos', async (colour) => {
    const p3 = await flatColour(colour).withIccProfile('p3').jpeg({ quality: 95 }).toBuffer();
    // The P3 numbers differ from the sRGB ones by far more than the tolerances below, so an
    // ignored or doubly applied profile cannot pass.
    const p3Numbers = [...(await sharp(p3, { ignoreIcc: true }).raw().toBuffer()).subarray(0, 3)];
    const expected = [colour.r, colour.g, colour.b];
    const p3Difference = Math.max(
      ...p3Numbers.map((value, index) => value - expected[index]!).map(Math.abs),
    );
    expect(p3Difference).toBeGreaterThanOrEqual(15);
    const inputs = [
      await flatColour(colour).jpeg({ quality: 95 }).toBuffer(),
      await flatColour(colour).withIccProfile('srgb').jpeg({ quality: 95 }).toBuffer(),
      p3,
    ];

    for (const input of inputs) {
      const result = await processImage(input);
      // The original is JPEG at quality 82; the variants are WebP at quality 75, whose chroma
      // rounding moves a flat colour by up to 5 of 255 at any encoder effort.
      for (const [output, tolerance] of [
        [result.original, 4],
        ...result.variants.map((variant) => [variant, 6] as const),
      ] as const) {
        const shown = await shownColour(output.data);
        shown.forEach((value, index) => {
          expect(Math.abs(value - expected[index]!)).toBeLessThanOrEqual(tolerance);
        });
      }
    }
  });

  it('keeps a Display P3 profile on the original, byte for byte and with no other metadata', async () => {
    const input = await image(400, 300)
      .withIccProfile('p3')
      .withExif({
        IFD0: { Make: 'SecretCamMake', Model: 'SecretCamModel' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 2613/100',
          GPSMapDatum: 'SecretDatum',
        },
      })
      .withXmp(xmp)
      .jpeg()
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.icc).toBeDefined();
    expect(before.exif).toBeDefined();
    expect(before.xmp).toBeDefined();

    const result = await processImage(input);

    const original = await sharp(result.original.data).metadata();
    expect(original.icc?.equals(before.icc!)).toBe(true);
    expect(original.exif).toBeUndefined();
    expect(original.xmp).toBeUndefined();
    for (const output of allOutputs(result)) {
      for (const secret of secrets) expect(output.data.includes(secret)).toBe(false);
    }
    for (const variant of result.variants) {
      const metadata = await sharp(variant.data).metadata();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.space).toBe('srgb');
    }
  });

  it('converts CMYK, and RGB profiles too large to carry, to plain sRGB without a profile', async () => {
    const cmyk = await image(400, 300).toColourspace('cmyk').jpeg().toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');

    // Display P3 padded past 8 KiB (the header's size field says so): still a working profile.
    const p3Profile = (
      await sharp(
        await flatColour({ r: 1, g: 2, b: 3 }).withIccProfile('p3').jpeg().toBuffer(),
      ).metadata()
    ).icc!;
    const large = Buffer.concat([p3Profile, Buffer.alloc(9 * 1024 - p3Profile.length)]);
    large.writeUInt32BE(large.length, 0);
    const directory = await mkdtemp(join(tmpdir(), 'pinhole-icc-'));
    try {
      const profilePath = join(directory, 'large-p3.icc');
      await writeFile(profilePath, large);
      const colour = { r: 220, g: 40, b: 40 };
      const largeP3 = await flatColour(colour)
        .withIccProfile(profilePath)
        .jpeg({ quality: 95 })
        .toBuffer();
      expect((await sharp(largeP3).metadata()).icc?.length).toBe(large.length);

      const [fromCmyk, fromLargeP3] = [await processImage(cmyk), await processImage(largeP3)];
      for (const result of [fromCmyk, fromLargeP3]) {
        for (const output of allOutputs(result)) {
          const metadata = await sharp(output.data).metadata();
          expect(metadata.space).toBe('srgb');
          expect(metadata.channels).toBe(3);
          expect(metadata.icc).toBeUndefined();
        }
      }
      // Converted, not merely stripped: the colour still shows right.
      const shown = await shownColour(fromLargeP3.original.data);
      shown.forEach((value, index) => {
        expect(Math.abs(value - [colour.r, colour.g, colour.b][index]!)).toBeLessThanOrEqual(4);
      });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('processImage: accepted formats', () => {
  it.each([
    ['jpeg', 'jpg', 'image/jpeg', () => image(800, 600).jpeg().toBuffer()],
    ['png', 'png', 'image/png', () => image(800, 600, 4).png().toBuffer()],
    ['gif', 'gif', 'image/gif', () => image(800, 600).gif({ effort: 1 }).toBuffer()],
    ['webp', 'webp', 'image/webp', () => image(800, 600, 4).webp().toBuffer()],
    ['avif', 'avif', 'image/avif', () => image(800, 600).avif({ effort: 0 }).toBuffer()],
  ] as const)('%s stays %s (%s)', async (format, extension, contentType, make) => {
    const result = await processImage(await make());

    expect(result.format).toBe(format);
    expect(result.original).toMatchObject({ width: 800, height: 600, extension, contentType });
    const metadata = await sharp(result.original.data).metadata();
    expect(metadata.format).toBe(format === 'avif' ? 'heif' : format);
    if (format === 'avif') expect(metadata.compression).toBe('av1');
    expect([metadata.width, metadata.height]).toEqual([800, 600]);

    expect(result.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [320, 240],
      [640, 480],
      [800, 600],
    ]);
    await expectVariantsAreWebp(result);
    expect(result.placeholder).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
  });

  it.each([
    ['a greyscale JPEG', 'jpeg', () => image(500, 400).toColourspace('b-w').jpeg().toBuffer()],
    [
      'a grey PNG with alpha',
      'png',
      () => image(500, 400, 4).toColourspace('b-w').png().toBuffer(),
    ],
    ['a 16-bit PNG', 'png', () => image(500, 400).toColourspace('rgb16').png().toBuffer()],
    ['a palette PNG', 'png', () => image(500, 400).png({ palette: true, colours: 16 }).toBuffer()],
  ])('handles %s', async (_name, format, make) => {
    const result = await processImage(await make());
    expect(result.format).toBe(format);
    expect(result.original).toMatchObject({ width: 500, height: 400 });
    expect((await sharp(result.original.data).metadata()).depth).toBe('uchar');
    expect(result.variants.map((variant) => variant.width)).toEqual([320, 500]);
    await expectVariantsAreWebp(result);
    expect(result.placeholder).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
  });

  it('keeps transparency in the original and the variants', async () => {
    const result = await processImage(await image(500, 400, 4).png().toBuffer());
    for (const output of allOutputs(result)) {
      expect((await sharp(output.data).metadata()).hasAlpha).toBe(true);
    }
  });

  it('keeps an animated GIF animated, with every frame and its timing', async () => {
    const input = await animation(400, 300, 3)
      .gif({ delay: [100, 200, 300], loop: 0, effort: 1 })
      .toBuffer();
    const result = await processImage(input);

    expect(result.format).toBe('gif');
    expect(result.original).toMatchObject({
      width: 400,
      height: 300,
      extension: 'gif',
      contentType: 'image/gif',
    });
    const original = await sharp(result.original.data, { animated: true }).metadata();
    expect(original).toMatchObject({ format: 'gif', pages: 3, pageHeight: 300, loop: 0 });
    expect(original.delay).toEqual([100, 200, 300]);

    // Variants are animated WebP.
    expect(result.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [320, 240],
      [400, 300],
    ]);
    const variant = await sharp(result.variants[0]!.data, { animated: true }).metadata();
    expect(variant).toMatchObject({ format: 'webp', pages: 3, width: 320, pageHeight: 240 });
    expect(variant.delay).toEqual([100, 200, 300]);
    expect(result.placeholder).toBeTruthy();
  });

  it('keeps an animated WebP animated', async () => {
    const input = await animation(700, 350, 2)
      .webp({ delay: [50, 80] })
      .toBuffer();
    const result = await processImage(input);
    expect(result.format).toBe('webp');
    expect(result.original).toMatchObject({ width: 700, height: 350 });
    expect(await sharp(result.original.data, { animated: true }).metadata()).toMatchObject({
      pages: 2,
      pageHeight: 350,
    });
    expect(result.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [320, 160],
      [640, 320],
      [700, 350],
    ]);
    for (const output of result.variants) {
      expect((await sharp(output.data, { animated: true }).metadata()).pages).toBe(2);
    }
  });

  it('re-encodes a JPEG with HTML appended after the image, dropping the HTML', async () => {
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const result = await processImage(Buffer.concat([await jpeg(400, 300), html]));
    for (const output of allOutputs(result)) {
      expect(output.data.includes('<script>')).toBe(false);
    }
  });
});

describe('processImage: variants and placeholder', () => {
  it('makes 320, 640, 828 and 1080 px WebP variants of a 2000 px wide image, keeping the aspect ratio', async () => {
    const result = await processImage(await jpeg(2000, 1250));
    expect(result.original).toMatchObject({ width: 2000, height: 1250 });
    expect(result.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [320, 200],
      [640, 400],
      [828, 518],
      [1080, 675],
    ]);
    await expectVariantsAreWebp(result);
  });

  it('never upscales: a 700 px wide image gets 320, 640 and one at its own width', async () => {
    const result = await processImage(await jpeg(700, 1000));
    expect(result.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [320, 457],
      [640, 914],
      [700, 1000],
    ]);
    await expectVariantsAreWebp(result);
  });

  it('makes one variant at the original width for an image narrower than 320 px', async () => {
    const result = await processImage(await jpeg(200, 150));
    expect(result.variants.map((variant) => [variant.width, variant.height])).toEqual([[200, 150]]);
    await expectVariantsAreWebp(result);
  });

  it('chooses the widths from the contracts limits', () => {
    expect(limits.imageVariantWidths).toEqual([320, 640, 828, 1080]);
    expect(variantWidthsFor(4000)).toEqual([320, 640, 828, 1080]);
    expect(variantWidthsFor(1081)).toEqual([320, 640, 828, 1080]);
    expect(variantWidthsFor(1080)).toEqual([320, 640, 828, 1080]);
    expect(variantWidthsFor(900)).toEqual([320, 640, 828, 900]);
    expect(variantWidthsFor(800)).toEqual([320, 640, 800]);
    expect(variantWidthsFor(321)).toEqual([320, 321]);
    expect(variantWidthsFor(320)).toEqual([320]);
    expect(variantWidthsFor(1)).toEqual([1]);
  });

  it('gives a ThumbHash placeholder with the image aspect ratio', async () => {
    const result = await processImage(await jpeg(1200, 600));
    expect(result.placeholder).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    const hash = Buffer.from(result.placeholder!, 'base64');
    expect(hash.length).toBeGreaterThan(4);
    expect(thumbHashToApproximateAspectRatio(hash)).toBeCloseTo(2, 0);
  });
});

describe('processImage: refused input', () => {
  it.each([
    ['an empty buffer', Buffer.alloc(0)],
    [
      'SVG with a script',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
    ],
    [
      'SVG with an XML declaration',
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
    ],
    ['HTML', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
    ['PDF', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n')],
    ['plain text', Buffer.from('just some text, certainly not a picture')],
  ])('refuses %s as unsupported', async (_name, input) => {
    await expectRejected(input, 'unsupported');
  });

  it('refuses TIFF as unsupported', async () => {
    await expectRejected(await image(50, 50).tiff().toBuffer(), 'unsupported');
  });

  it('refuses a JPEG header followed by HTML', async () => {
    await expectRejected(jpegHeaderThenHtml(), 'corrupt');
  });

  it('accepts a JPEG whose last rows are cut off, as browsers show it', async () => {
    const whole = await jpeg(1200, 900);
    const cut = whole.subarray(0, Math.floor(whole.length * 0.9));
    await expect(checkImage(cut)).resolves.toEqual({ width: 1200, height: 900, animated: false });
    const result = await processImage(cut);
    expect(result.original).toMatchObject({ width: 1200, height: 900, extension: 'jpg' });
    expect(result.variants.map((variant) => variant.width)).toEqual([320, 640, 828, 1080]);
    // The rows that are there survive: the top-left is the gradient's dark corner, not filler.
    const { data } = await sharp(result.original.data).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeLessThan(40);
  });

  it('refuses a JPEG cut off before any picture data as corrupt', async () => {
    const whole = await jpeg(1200, 900);
    const scan = whole.indexOf(Buffer.from([0xff, 0xda]));
    const scanHeader = 2 + whole.readUInt16BE(scan + 2);
    await expectRejected(whole.subarray(0, scan + scanHeader), 'corrupt');
    await expectRejected(whole.subarray(0, scan - 10), 'corrupt');
  });

  it.each([
    ['PNG', () => image(300, 200).png().toBuffer()],
    ['GIF', () => image(300, 200).gif({ effort: 1 }).toBuffer()],
    ['WebP', () => image(300, 200).webp().toBuffer()],
    ['AVIF', () => image(300, 200).avif({ effort: 0 }).toBuffer()],
  ])('refuses a truncated %s as corrupt', async (_name, make) => {
    const whole = await make();
    await expectRejected(whole.subarray(0, Math.floor(whole.length / 2)), 'corrupt');
  });

  it.each([
    ['JPEG', [0xff, 0xd8, 0xff, 0xdb]],
    ['PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
    ['GIF', [...Buffer.from('GIF89a')]],
    ['WebP', [...Buffer.from('RIFF\x10\0\0\0WEBPVP8 ')]],
    ['AVIF', [...Buffer.from('\0\0\0\x1cftypavif\0\0\0\0avifmif1miaf')]],
    ['HEIC', [...Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic')]],
  ])('refuses garbage after a %s magic number as corrupt', async (_name, magic) => {
    const garbage = Buffer.alloc(4096);
    for (let index = 0; index < garbage.length; index++) garbage[index] = (index * 7919) % 251;
    await expectRejected(Buffer.concat([Buffer.from(magic), garbage]), 'corrupt');
  });

  it('refuses a 20000 × 20000 PNG fast, from its header', async () => {
    const bomb = pixelFloodPng();
    expect(bomb.length).toBeLessThan(1000);
    const started = performance.now();
    await expectRejected(bomb, 'too_many_pixels');
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses a JPEG whose header claims 60000 × 60000 pixels', async () => {
    await expectRejected(withJpegDimensions(await jpeg(64, 64), 60_000, 60_000), 'too_many_pixels');
  });

  it('counts every frame of an animated GIF against the pixel limit', async () => {
    // 11 frames on a 2000 × 2000 screen: 44 MP in all, in a file of a few hundred bytes.
    expect(2000 * 2000).toBeLessThan(maxInputPixels);
    expect(2000 * 2000 * 11).toBeGreaterThan(maxInputPixels);
    const bomb = animatedGifBomb(2000, 2000, 11);
    expect(bomb.length).toBeLessThan(1000);
    await expectRejected(bomb, 'too_many_pixels');
  });

  it('does not let libvips decode formats other than the accepted five', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(sharp(svg).metadata()).rejects.toThrow();
    await expect(sharp(await image(20, 20).tiff().toBuffer()).metadata()).rejects.toThrow();
  });
});

describe('sniffImageFormat', () => {
  it('recognises the five accepted formats and nothing else', async () => {
    expect(sniffImageFormat(await jpeg(10, 10))).toBe('jpeg');
    expect(sniffImageFormat(await image(10, 10).png().toBuffer())).toBe('png');
    expect(sniffImageFormat(await image(10, 10).gif().toBuffer())).toBe('gif');
    expect(sniffImageFormat(await image(10, 10).webp().toBuffer())).toBe('webp');
    expect(sniffImageFormat(await image(10, 10).avif().toBuffer())).toBe('avif');
    expect(sniffImageFormat(await image(10, 10).tiff().toBuffer())).toBeNull();
    expect(sniffImageFormat(Buffer.from('<svg/>'))).toBeNull();
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeNull();
  });
});
