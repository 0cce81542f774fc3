import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { processImage } from '/work/main/apps/server/src/media/image';
const input = process.argv[2]
  ? readFileSync(process.argv[2])
  : readFileSync('/tmp/imgbench/12mp.jpg');
const runs = Number(process.env.RUNS ?? 20);
let r = await processImage(input);
console.log(
  r.format,
  r.original.width,
  r.original.height,
  r.original.data.length,
  r.variants.map((v) => [v.width, v.height, v.data.length]),
  r.placeholder,
);
const ts: number[] = [];
const c0 = process.cpuUsage();
for (let i = 0; i < runs; i++) {
  const s = performance.now();
  r = await processImage(input);
  ts.push(performance.now() - s);
}
const c = process.cpuUsage(c0);
ts.sort((a, b) => a - b);
console.log(
  'p50',
  ts[Math.floor(runs * 0.5)]!.toFixed(1),
  'p95',
  ts[Math.min(runs - 1, Math.ceil(runs * 0.95) - 1)]!.toFixed(1),
  'min',
  ts[0]!.toFixed(1),
  'max',
  ts[runs - 1]!.toFixed(1),
  'cpu/run',
  ((c.user + c.system) / 1000 / runs).toFixed(1),
);
void sharp;
