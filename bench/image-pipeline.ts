/**
 * Latency of processImage on a generated 12 MP (4000 × 3000) photo-like JPEG.
 *
 *   npx tsx bench/image-pipeline.ts [runs=20]
 *
 * Prints p50/p95 wall time and CPU time per run (all threads) for a few common camera outputs:
 * no profile, sRGB profile, Display P3 profile, and EXIF orientation 6 (portrait) with sRGB; then
 * for `npm run bench`'s grainy photo, as it is and as a phone stores a portrait (P3, EXIF 6).
 */
import { encodePixels } from '../apps/server/src/media/encode-pixels';
import { processImage } from '../apps/server/src/media/image';
import { benchPhotoOptions, makeSyntheticPhoto } from '../apps/server/src/seed/synthetic-photo';

const width = 4000;
const height = 3000;

/** Smooth colour fields, circles and sensor-like noise: roughly what a camera JPEG holds. */
function photoLikePixels(): Buffer {
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const pixels = Buffer.alloc(width * height * 3);
  const circles = Array.from({ length: 40 }, () => ({
    x: random() * width,
    y: random() * height,
    r: (random() * width) / 8,
    colour: [random() * 255, random() * 255, random() * 255],
  }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      let r = 128 + 100 * Math.sin(x / 370 + y / 910);
      let g = 128 + 100 * Math.sin(x / 530 - y / 270 + 1);
      let b = 128 + 100 * Math.cos((x + y) / 640);
      for (const circle of circles) {
        const dx = x - circle.x;
        const dy = y - circle.y;
        if (dx * dx + dy * dy < circle.r * circle.r) {
          r = (r + circle.colour[0]!) / 2;
          g = (g + circle.colour[1]!) / 2;
          b = (b + circle.colour[2]!) / 2;
        }
      }
      const noise = (random() - 0.5) * 12;
      pixels[offset] = r + noise;
      pixels[offset + 1] = g + noise;
      pixels[offset + 2] = b + noise;
    }
  }
  return pixels;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)]!;
}

async function measure(name: string, input: Buffer, runs: number): Promise<void> {
  let last = await processImage(input); // warm-up
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    last = await processImage(input);
    times.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  const cpuPerRun = (cpu.user + cpu.system) / 1000 / runs;
  const sizes = [last.original, ...last.variants]
    .map((image) => `${image.width}×${image.height} ${Math.round(image.data.length / 1024)} kB`)
    .join(', ');
  console.log(
    `${name.padEnd(22)} p50 ${percentile(times, 0.5).toFixed(0).padStart(4)} ms  ` +
      `p95 ${percentile(times, 0.95).toFixed(0).padStart(4)} ms  ` +
      `cpu ${cpuPerRun.toFixed(0).padStart(4)} ms/run  (${sizes})`,
  );
}

const runs = Number(process.argv[2] ?? 20);
const raw = { data: photoLikePixels(), width, height };
const cases: Array<[string, Buffer]> = [
  ['plain', await encodePixels(raw, { format: 'jpeg', quality: 90 })],
  ['sRGB profile', await encodePixels(raw, { format: 'jpeg', quality: 90, profile: 'srgb' })],
  ['Display P3 profile', await encodePixels(raw, { format: 'jpeg', quality: 90, profile: 'p3' })],
  // An EXIF orientation also embeds an sRGB profile, as phones do.
  [
    'orientation 6 + sRGB',
    await encodePixels(raw, { format: 'jpeg', quality: 90, orientation: 6 }),
  ],
];
cases.push(
  ['bench photo', await makeSyntheticPhoto(benchPhotoOptions)],
  [
    'bench, phone portrait',
    await makeSyntheticPhoto({ ...benchPhotoOptions, profile: 'p3', orientation: 6 }),
  ],
);
console.log(`processImage, ${width}×${height} JPEG, ${runs} runs after a warm-up`);
for (const [name, input] of cases) {
  await measure(`${name} (${Math.round(input.length / 1024)} kB)`, input, runs);
}
