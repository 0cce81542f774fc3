import sharp from 'sharp';
import { colourMatrixOf, vignetteFactor, vignetteOf } from '@pinhole/contracts';
import { applyColourEdit } from './apps/server/src/media/photo-edits';
sharp.cache(false);
const W = 400, H = 300;
const px = Buffer.alloc(W * H * 3);
for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) { const i = (y * W + x) * 3; px[i] = (x * 255) / W; px[i + 1] = (y * 255) / H; px[i + 2] = ((x + y) * 127) / (W + H) + 60; }
for (const edit of [{ filter: 'clarendon' as const, adjust: { brightness: 40, contrast: 30, vignette: 60 } }, { adjust: { vignette: -80, fade: -50 } }]) {
  const ref = Buffer.from(px); applyColourEdit({ data: ref, width: W, height: H, channels: 3 }, edit);
  const m = colourMatrixOf(edit); const s = vignetteOf(edit);
  const mask = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) { const f = vignetteFactor(s, (x + 0.5) / W, (y + 0.5) / H); mask.fill(f, (y * W + x) * 3, (y * W + x) * 3 + 3); }
  try {
    // recomb with offset via constant alpha, cast to uchar (clamp), then multiply by float mask
    const step1 = sharp(px, { raw: { width: W, height: H, channels: 3 } }).ensureAlpha(1)
      .recomb([[m[0], m[1], m[2], m[3]], [m[4], m[5], m[6], m[7]], [m[8], m[9], m[10], m[11]], [0, 0, 0, 1]] as any)
      .removeAlpha();
    const got = await step1.composite([{ input: Buffer.from(mask.buffer), raw: { width: W, height: H, channels: 3, depth: 'float' } as any, blend: 'multiply' }]).raw().toBuffer({ resolveWithObject: true });
    let max = 0, sum = 0; for (let i = 0; i < ref.length; i++) { const d = Math.abs(ref[i]! - got.data[i]!); max = Math.max(max, d); sum += d; }
    console.log(got.info.channels, 'max', max, 'mean', (sum / ref.length).toFixed(3));
  } catch (e) { console.log('err', (e as Error).message); }
}
