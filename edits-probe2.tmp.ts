import sharp from 'sharp';
import { benchPhotoOptions, makeSyntheticPhoto } from './apps/server/src/seed/synthetic-photo';
import { applyColourEdit } from './apps/server/src/media/photo-edits';
sharp.cache(false);
const photo = await makeSyntheticPhoto({ ...benchPhotoOptions });
const edit = { crop: { x: 0.1, y: 0.05, width: 0.8, height: 0.9 }, filter: 'clarendon' as const, adjust: { brightness: 20, contrast: 10, saturation: -15, warmth: 30, fade: 10, vignette: 40 } };
const rect = { left: 400, top: 150, width: 3200, height: 2700 };
const time = async (name: string, f: () => Promise<unknown>) => {
  await f(); const t: number[] = [];
  for (let i = 0; i < 7; i++) { const s = performance.now(); await f(); t.push(performance.now() - s); }
  t.sort((a, b) => a - b); console.log(name, 'p50', t[3]!.toFixed(0), t.map((x) => x.toFixed(0)).join(' '));
};
await time('untouched original (decode+jpeg)', () => sharp(photo).autoOrient().jpeg({ quality: 82 }).toBuffer());
await time('cropped original (decode+extract+jpeg)', () => sharp(photo).autoOrient().extract(rect).jpeg({ quality: 82 }).toBuffer());
let raw: any;
await time('decode+extract+raw', async () => { raw = await sharp(photo).autoOrient().extract(rect).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true }); });
await time('js loop', async () => applyColourEdit({ data: raw.data, width: raw.info.width, height: raw.info.height, channels: 3 }, edit));
await time('raw->jpeg', () => sharp(raw.data, { raw: { width: raw.info.width, height: raw.info.height, channels: 3 } }).jpeg({ quality: 82 }).toBuffer());
await time('variants base (resize+extract at 1080)', () => sharp(photo).autoOrient().resize(1350, 1013, { fit: 'fill' }).extract({ left: 135, top: 51, width: 1080, height: 911 }).raw().toBuffer());
await time('variants base untouched', () => sharp(photo).autoOrient().resize({ width: 1080 }).raw().toBuffer());
