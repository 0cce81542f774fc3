import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

// sharp (hoisted from the server workspace) draws real image files, as a person would pick them.

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-e2e-files-'));

/** Writes a real image file to disk (a gradient with a shape), as a person would pick one. */
export async function imageFile(
  name: string,
  width: number,
  height: number,
  format: 'png' | 'jpeg',
): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f58529"/><stop offset="1" stop-color="#515bd4"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#fff" opacity="0.6"/></svg>`;
  const file = path.join(folder, name);
  const image = sharp(Buffer.from(svg));
  await (format === 'png' ? image.png() : image.jpeg({ quality: 85 })).toFile(file);
  return file;
}

export function bytesFile(name: string, bytes: Buffer | string): string {
  const file = path.join(folder, name);
  fs.writeFileSync(file, bytes);
  return file;
}

/**
 * A camera's photo: 6000×4000 pixels of fine grain (so it compresses as a real one does, to more
 * than 5 MB) stored sideways with EXIF orientation 6, as a phone held upright writes it; shown
 * upright it is 4000×6000.
 */
export async function cameraPhoto(name: string): Promise<string> {
  const file = path.join(folder, name);
  const grain = sharp({
    create: {
      width: 6000,
      height: 4000,
      channels: 3,
      // Required by the types; with noise, the noise is the picture.
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 16 },
    },
  });
  await grain.jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toFile(file);
  return file;
}
