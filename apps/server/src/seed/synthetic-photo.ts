/**
 * Synthetic "photographs" for seed data and benchmarks: a scene (sky and ridges, bokeh lights or
 * an abstract still life) painted at a quarter of the size, enlarged smoothly, then given film
 * grain so that a JPEG of it is as hard to compress as a real photo. Deterministic for a seed.
 *
 * These images are *inputs* to the upload pipeline (media/image.ts processes them exactly as it
 * processes an upload), for the seed and the bench; the one step that needs sharp (enlarging and
 * encoding the painted pixels) is media/encode-pixels.ts.
 */
import { encodePixels, resizePixels } from '../media/encode-pixels';
import type { Random } from '../random';
import { createRandom } from '../random';

export type PhotoStyle = 'landscape' | 'bokeh' | 'still-life';

export interface SyntheticPhotoOptions {
  width: number;
  height: number;
  format: 'jpeg' | 'png';
  seed: string | number;
  style?: PhotoStyle;
  /** Standard deviation of the grain (0 = none). Default 14 for JPEG, 0 for PNG. */
  grain?: number;
  /** Amplitude of the scene's fine texture, default 18 for JPEG and 6 for PNG (0 = smooth). */
  texture?: number;
  /** JPEG quality, default 88 (a phone camera's setting). */
  quality?: number;
  /** JPEG as phones store it: colours in Display P3 with its profile embedded. */
  profile?: 'p3';
  /** JPEG as cameras store it: the pixels as the sensor read them, turned by an EXIF tag (1–8). */
  orientation?: number;
}

/** The 12 MP photo `npm run bench` and bench/image-pipeline.ts process: a grainy landscape. */
export const benchPhotoOptions: Readonly<SyntheticPhotoOptions> = {
  width: 4000,
  height: 3000,
  format: 'jpeg',
  seed: 'bench-12mp',
  style: 'landscape',
  quality: 86,
};

type Rgb = [number, number, number];

/** HSL (h in degrees, s and l in 0..1) to RGB 0..255. */
function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const h = (((hue % 360) + 360) % 360) / 60;
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs((h % 2) - 1));
  const m = lightness - chroma / 2;
  const [r, g, b] =
    h < 1
      ? [chroma, x, 0]
      : h < 2
        ? [x, chroma, 0]
        : h < 3
          ? [0, chroma, x]
          : h < 4
            ? [0, x, chroma]
            : h < 5
              ? [x, 0, chroma]
              : [chroma, 0, x];
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

class Canvas {
  readonly pixels: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Float32Array(width * height * 3);
  }

  private blend(offset: number, r: number, g: number, b: number, alpha: number): void {
    const pixels = this.pixels;
    pixels[offset] = pixels[offset]! + (r - pixels[offset]!) * alpha;
    pixels[offset + 1] = pixels[offset + 1]! + (g - pixels[offset + 1]!) * alpha;
    pixels[offset + 2] = pixels[offset + 2]! + (b - pixels[offset + 2]!) * alpha;
  }

  verticalGradient(top: Rgb, bottom: Rgb): void {
    for (let y = 0; y < this.height; y++) {
      const t = y / Math.max(1, this.height - 1);
      const r = top[0] * (1 - t) + bottom[0] * t;
      const g = top[1] * (1 - t) + bottom[1] * t;
      const b = top[2] * (1 - t) + bottom[2] * t;
      for (let x = 0; x < this.width; x++) this.blend((y * this.width + x) * 3, r, g, b, 1);
    }
  }

  diagonalGradient(start: Rgb, end: Rgb): void {
    const span = this.width + this.height;
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const t = (x + y) / span;
        this.blend(
          (y * this.width + x) * 3,
          start[0] * (1 - t) + end[0] * t,
          start[1] * (1 - t) + end[1] * t,
          start[2] * (1 - t) + end[2] * t,
          1,
        );
      }
    }
  }

  /** A disc with a soft edge; `glow` adds a faint halo out to twice the radius. */
  disc(cx: number, cy: number, radius: number, color: Rgb, alpha: number, glow = 0): void {
    const reach = radius * (glow > 0 ? 2.2 : 1.05);
    const x0 = Math.max(0, Math.floor(cx - reach));
    const x1 = Math.min(this.width - 1, Math.ceil(cx + reach));
    const y0 = Math.max(0, Math.floor(cy - reach));
    const y1 = Math.min(this.height - 1, Math.ceil(cy + reach));
    const edge = Math.max(1, radius * 0.06);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const distance = Math.sqrt((x - cx) * (x - cx) + (y - cy) * (y - cy));
        let coverage = Math.min(1, Math.max(0, (radius - distance) / edge + 0.5)) * alpha;
        if (glow > 0 && distance > radius) {
          const falloff = 1 - (distance - radius) / radius;
          if (falloff > 0) coverage = Math.max(coverage, glow * falloff * falloff);
        }
        if (coverage > 0) {
          this.blend((y * this.width + x) * 3, color[0], color[1], color[2], coverage);
        }
      }
    }
  }

  /** A mountain ridge: everything below a wavy line takes `color`, darker towards the bottom. */
  ridge(random: Random, baseline: number, amplitude: number, color: Rgb): void {
    const waves = [1, 2, 5, 11, 29].map((frequency) => ({
      frequency: (frequency * Math.PI * 2) / this.width,
      phase: random.next() * Math.PI * 2,
      weight: random.next() / frequency,
    }));
    for (let x = 0; x < this.width; x++) {
      let wave = 0;
      for (const { frequency, phase, weight } of waves)
        wave += Math.sin(x * frequency + phase) * weight;
      const top = Math.max(0, Math.floor(baseline - wave * amplitude));
      const depth = Math.max(1, this.height - top);
      for (let y = top; y < this.height; y++) {
        const shade = 1 - 0.35 * ((y - top) / depth);
        this.blend(
          (y * this.width + x) * 3,
          color[0] * shade,
          color[1] * shade,
          color[2] * shade,
          1,
        );
      }
    }
  }

  rectangle(x0: number, y0: number, x1: number, y1: number, color: Rgb, alpha: number): void {
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(this.height, y1); y++) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(this.width, x1); x++) {
        this.blend((y * this.width + x) * 3, color[0], color[1], color[2], alpha);
      }
    }
  }

  /**
   * Fine texture (foliage, fabric, sensor noise at a coarser scale): survives the downscaling to
   * feed sizes, so variants weigh what a real photo's would.
   */
  texture(random: Random, amplitude: number): void {
    const pixels = this.pixels;
    for (let offset = 0; offset < pixels.length; offset += 3) {
      const luma = (random.next() - 0.5) * amplitude;
      pixels[offset] = pixels[offset]! + luma;
      pixels[offset + 1] = pixels[offset + 1]! + luma;
      pixels[offset + 2] = pixels[offset + 2]! + luma;
    }
  }

  toBuffer(): Buffer {
    const bytes = Buffer.alloc(this.pixels.length);
    for (let index = 0; index < this.pixels.length; index++) {
      bytes[index] = Math.max(0, Math.min(255, Math.round(this.pixels[index]!)));
    }
    return bytes;
  }
}

function paintLandscape(canvas: Canvas, random: Random): void {
  const hue = random.int(0, 359);
  const horizon = canvas.height * (0.45 + random.next() * 0.25);
  canvas.verticalGradient(
    hsl(hue + 200, 0.55, 0.25 + random.next() * 0.3),
    hsl(hue + 20, 0.75, 0.7 + random.next() * 0.15),
  );
  const sunRadius = canvas.width * (0.04 + random.next() * 0.06);
  canvas.disc(
    canvas.width * (0.15 + random.next() * 0.7),
    horizon - canvas.height * (0.05 + random.next() * 0.25),
    sunRadius,
    hsl(hue + 40, 0.9, 0.85),
    1,
    0.35,
  );
  const layers = random.int(2, 4);
  for (let layer = 0; layer < layers; layer++) {
    const depth = (layer + 1) / layers;
    canvas.ridge(
      random,
      horizon + (canvas.height - horizon) * 0.25 * layer,
      canvas.height * (0.12 - depth * 0.05),
      hsl(hue + 160 + layer * 12, 0.3 + 0.2 * depth, 0.5 - 0.35 * depth),
    );
  }
}

function paintBokeh(canvas: Canvas, random: Random): void {
  const hue = random.int(0, 359);
  canvas.verticalGradient(hsl(hue + 220, 0.5, 0.08), hsl(hue + 260, 0.45, 0.22));
  const lights = random.int(25, 60);
  for (let light = 0; light < lights; light++) {
    canvas.disc(
      random.next() * canvas.width,
      random.next() * canvas.height,
      canvas.width * (0.015 + Math.pow(random.next(), 2) * 0.08),
      hsl(hue + random.int(-40, 40), 0.8, 0.55 + random.next() * 0.3),
      0.25 + random.next() * 0.5,
    );
  }
}

function paintStillLife(canvas: Canvas, random: Random): void {
  const hue = random.int(0, 359);
  canvas.diagonalGradient(hsl(hue, 0.35, 0.85), hsl(hue + 30, 0.4, 0.55));
  const tableTop = canvas.height * (0.55 + random.next() * 0.15);
  canvas.rectangle(0, tableTop, canvas.width, canvas.height, hsl(hue + 180, 0.35, 0.35), 0.9);
  const objects = random.int(2, 5);
  for (let object = 0; object < objects; object++) {
    const radius = canvas.width * (0.06 + random.next() * 0.1);
    const cx = canvas.width * (0.15 + random.next() * 0.7);
    if (random.chance(0.5)) {
      canvas.disc(cx, tableTop - radius * 0.8, radius, hsl(hue + random.int(60, 300), 0.7, 0.5), 1);
    } else {
      const width = radius * (0.8 + random.next());
      canvas.rectangle(
        cx - width / 2,
        tableTop - radius * 2.5,
        cx + width / 2,
        tableTop + radius * 0.1,
        hsl(hue + random.int(60, 300), 0.6, 0.45),
        0.95,
      );
    }
  }
}

/**
 * Monochrome sensor grain, roughly Gaussian (the sum of two uniform bytes) with standard deviation
 * `sigma`, from an inline LCG: 36 M channel values for a 12 MP photo, so no per-pixel closures.
 */
function addGrain(pixels: Buffer, sigma: number, seed: number): void {
  // The sum of two uniform 0..255 bytes has a standard deviation of about 104.5.
  const scale = sigma / 104.5;
  let state = seed >>> 0;
  for (let offset = 0; offset < pixels.length; offset += 3) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const noise = ((state >>> 24) + ((state >>> 16) & 0xff) - 255) * scale;
    for (let channel = 0; channel < 3; channel++) {
      const value = pixels[offset + channel]! + noise;
      pixels[offset + channel] = value < 0 ? 0 : value > 255 ? 255 : value;
    }
  }
}

const painters: Record<PhotoStyle, (canvas: Canvas, random: Random) => void> = {
  landscape: paintLandscape,
  bokeh: paintBokeh,
  'still-life': paintStillLife,
};

export const photoStyles = Object.keys(painters) as PhotoStyle[];

/** Encodes a new synthetic photograph as JPEG or PNG bytes, the way a camera or editor would. */
export async function makeSyntheticPhoto(options: SyntheticPhotoOptions): Promise<Buffer> {
  const random = createRandom(`photo/${options.seed}`);
  const style = options.style ?? random.pick(photoStyles);
  // The scene is painted small and enlarged: smooth like out-of-focus light, and quick to make.
  const scale = 4;
  const canvas = new Canvas(
    Math.max(8, Math.ceil(options.width / scale)),
    Math.max(8, Math.ceil(options.height / scale)),
  );
  painters[style](canvas, random);
  canvas.texture(random, options.texture ?? (options.format === 'jpeg' ? 18 : 6));

  const grain = options.grain ?? (options.format === 'jpeg' ? 14 : 0);
  const enlarged = await resizePixels(
    { data: canvas.toBuffer(), width: canvas.width, height: canvas.height },
    options.width,
    options.height,
  );
  if (grain > 0) addGrain(enlarged.data, grain, random.int(1, 0x7fffffff));
  if (options.format === 'png')
    return encodePixels(enlarged, { format: 'png', compressionLevel: 6 });
  return encodePixels(enlarged, {
    format: 'jpeg',
    quality: options.quality ?? 88,
    profile: options.profile,
    orientation: options.orientation,
  });
}
