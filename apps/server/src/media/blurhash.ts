import { rgbaToThumbHash } from 'thumbhash';

/**
 * A remote photo's BlurHash (what Mastodon and Pixelfed send) as the ThumbHash our clients paint
 * until a photo loads: decoded to a few pixels, then encoded as we encode our own photos'.
 */

const digits =
  '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~';

function decode83(text: string): number {
  let value = 0;
  for (const character of text) {
    const digit = digits.indexOf(character);
    if (digit < 0) throw new Error('not a BlurHash');
    value = value * 83 + digit;
  }
  return value;
}

const toLinear = (value: number) => {
  const v = value / 255;
  return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
};

const toSrgb = (value: number) => {
  const v = Math.max(0, Math.min(1, value));
  return Math.round(
    v <= 0.0031308 ? v * 12.92 * 255 + 0.5 : (1.055 * Math.pow(v, 1 / 2.4) - 0.055) * 255 + 0.5,
  );
};

const signedSquare = (value: number) => Math.sign(value) * value * value;

/** The pixels a BlurHash paints at `width` × `height`, RGBA; undefined for a malformed one. */
export function decodeBlurhash(hash: string, width: number, height: number) {
  try {
    if (hash.length < 6) return undefined;
    const sizeFlag = decode83(hash[0]!);
    const componentsY = Math.floor(sizeFlag / 9) + 1;
    const componentsX = (sizeFlag % 9) + 1;
    if (hash.length !== 4 + 2 * componentsX * componentsY) return undefined;
    const maxValue = (decode83(hash[1]!) + 1) / 166;
    const colors: [number, number, number][] = [];
    const dc = decode83(hash.slice(2, 6));
    colors.push([toLinear(dc >> 16), toLinear((dc >> 8) & 255), toLinear(dc & 255)]);
    for (let index = 1; index < componentsX * componentsY; index++) {
      const value = decode83(hash.slice(4 + index * 2, 6 + index * 2));
      colors.push([
        signedSquare((Math.floor(value / (19 * 19)) - 9) / 9) * maxValue,
        signedSquare(((Math.floor(value / 19) % 19) - 9) / 9) * maxValue,
        signedSquare(((value % 19) - 9) / 9) * maxValue,
      ]);
    }
    const pixels = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (let j = 0; j < componentsY; j++) {
          for (let i = 0; i < componentsX; i++) {
            const basis =
              Math.cos((Math.PI * x * i) / width) * Math.cos((Math.PI * y * j) / height);
            const color = colors[i + j * componentsX]!;
            r += color[0] * basis;
            g += color[1] * basis;
            b += color[2] * basis;
          }
        }
        const offset = 4 * (x + y * width);
        pixels[offset] = toSrgb(r);
        pixels[offset + 1] = toSrgb(g);
        pixels[offset + 2] = toSrgb(b);
        pixels[offset + 3] = 255;
      }
    }
    return pixels;
  } catch {
    return undefined;
  }
}

/** A BlurHash for a photo of this size as a ThumbHash (base64); null when it is malformed. */
export function blurhashToThumbHash(hash: string, width: number, height: number): string | null {
  const scale = 32 / Math.max(width, height, 1);
  const w = Math.max(1, Math.min(32, Math.round(width * scale)));
  const h = Math.max(1, Math.min(32, Math.round(height * scale)));
  const pixels = decodeBlurhash(hash, w, h);
  return pixels ? Buffer.from(rgbaToThumbHash(w, h, pixels)).toString('base64') : null;
}

/** The placeholder of a remote photo whose sender gave no BlurHash: a plain grey of its shape. */
export function greyThumbHash(width: number, height: number): string {
  const scale = 32 / Math.max(width, height, 1);
  const w = Math.max(1, Math.min(32, Math.round(width * scale)));
  const h = Math.max(1, Math.min(32, Math.round(height * scale)));
  return Buffer.from(rgbaToThumbHash(w, h, new Uint8Array(w * h * 4).fill(200))).toString('base64');
}
