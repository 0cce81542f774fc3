import { processImage } from './apps/server/src/media/image';
import { benchPhotoOptions, makeSyntheticPhoto } from './apps/server/src/seed/synthetic-photo';
import { planEdits } from './apps/server/src/media/photo-edits';
const photo = await makeSyntheticPhoto({ ...benchPhotoOptions });
const edit = { crop: { x: 0.1, y: 0.05, width: 0.8, height: 0.9 }, filter: 'clarendon' as const, adjust: { brightness: 20, contrast: 10, saturation: -15, warmth: 30, fade: 10, vignette: 40 } };
const [plan] = planEdits([edit], [{ width: 4000, height: 3000, animated: false }]);
const runs = Number(process.argv[2] ?? 9);
const time = async (name: string, f: () => Promise<unknown>) => {
  await f();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) { const s = performance.now(); await f(); t.push(performance.now() - s); }
  t.sort((a, b) => a - b);
  console.log(name, 'p50', t[Math.floor(runs / 2)]!.toFixed(0), 'p95', t[Math.min(runs - 1, Math.ceil(runs * 0.95) - 1)]!.toFixed(0), t.map((x) => x.toFixed(0)).join(' '));
};
console.log('photo', (photo.length / 1e6).toFixed(2), 'MB');
await time('untouched', () => processImage(photo));
await time('edited', () => processImage(photo, plan!));
await time('untouched', () => processImage(photo));
await time('edited', () => processImage(photo, plan!));
