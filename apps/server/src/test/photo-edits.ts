import sharp from 'sharp';
import type { TestServer, TestUser } from './harness';

/** Shares a post of `photos` with an `edits` field (sent before the files when `editsFirst`). */
export function postWithEdits(
  server: Pick<TestServer, 'request'>,
  user: TestUser,
  photos: readonly Buffer[],
  edits: string | null,
  options: { editsFirst?: boolean; path?: string; type?: string } = {},
) {
  const form = new FormData();
  if (edits !== null && options.editsFirst) form.append('edits', edits);
  for (const [index, photo] of photos.entries()) {
    const type = options.type ?? 'image/png';
    form.append('image', new Blob([new Uint8Array(photo)], { type }), `${index}.png`);
  }
  if (edits !== null && !options.editsFirst) form.append('edits', edits);
  return server.request(options.path ?? '/api/posts', {
    method: 'POST',
    body: form,
    token: user.token,
  });
}

/**
 * A smooth synthetic photo as a PNG (lossless, so stored pixels can be compared exactly): red
 * across, green down, blue along the diagonal, in the middle of the range.
 */
export async function smoothPhoto(width: number, height: number): Promise<Buffer> {
  return sharp(smoothPixels(width, height), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export function smoothPixels(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      data[offset] = Math.round(40 + (160 * x) / width);
      data[offset + 1] = Math.round(60 + (140 * y) / height);
      data[offset + 2] = Math.round(50 + (120 * (x + y)) / (width + height));
    }
  }
  return data;
}

/** The bytes behind a URL the API answered. */
export async function fetchBytes(server: Pick<TestServer, 'url'>, url: string): Promise<Buffer> {
  return Buffer.from(await (await fetch(server.url + url)).arrayBuffer());
}

export async function rgbOf(bytes: Buffer) {
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean of each channel (0–255) over a region of RGB pixels (the whole picture by default). */
export function channelMeans(
  pixels: { data: Buffer; width: number; height: number },
  region = { left: 0, top: 0, width: pixels.width, height: pixels.height },
): [number, number, number] {
  const sums = [0, 0, 0];
  for (let y = region.top; y < region.top + region.height; y++) {
    for (let x = region.left; x < region.left + region.width; x++) {
      const offset = (y * pixels.width + x) * 3;
      for (let channel = 0; channel < 3; channel++)
        sums[channel]! += pixels.data[offset + channel]!;
    }
  }
  const count = region.width * region.height;
  return sums.map((sum) => sum / count) as [number, number, number];
}
