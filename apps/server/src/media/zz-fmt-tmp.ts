import sharp from 'sharp';
import { processImage } from './image';
function rawPixels(width: number, height: number, channels = 3, shift = 0): Buffer {
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * channels;
      data[o] = (x * 255) / width;
      data[o + 1] = (y * 255) / height;
      data[o + 2] = ((x + y + shift) * 7) % 256;
      if (channels === 4) data[o + 3] = 255;
    }
  return data;
}
const img = () => sharp(rawPixels(800, 600), { raw: { width: 800, height: 600, channels: 3 } });
const photo = await sharp('/tmp/imgbench/12mp.jpg').resize(800).toBuffer();
for (const [name, make] of [
  ['gif', () => img().gif().toBuffer()],
  ['gif photo', () => sharp(photo).gif().toBuffer()],
  ['avif', () => img().avif().toBuffer()],
  ['avif photo', () => sharp(photo).avif().toBuffer()],
  ['png', () => img().png().toBuffer()],
  ['webp', () => img().webp().toBuffer()],
] as const) {
  let s = performance.now();
  const input = await make();
  const tm = performance.now() - s;
  s = performance.now();
  const r = await processImage(input);
  const tp = performance.now() - s;
  s = performance.now();
  await processImage(input);
  const tp2 = performance.now() - s;
  console.log(
    name,
    'make',
    tm.toFixed(0),
    'process',
    tp.toFixed(0),
    tp2.toFixed(0),
    input.length,
    '->',
    r.original.data.length,
  );
}
