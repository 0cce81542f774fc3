import { vignetteFactor, type ColourMatrix } from '@pinhole/contracts';

/**
 * The edit's colours and vignette on RGBA bytes, in place: the contracts' formula (out = M·in +
 * offset on 0–1 values, clamped, then the vignette's factor, clamped), u and v at pixel centres
 * across the cropped picture. The WebGL shader computes the same; this serves where WebGL is
 * missing and for the filter thumbnails.
 */
export function applyEditToPixels(
  data: Uint8ClampedArray,
  width: number,
  height: number,
  matrix: ColourMatrix,
  vignette: number,
): void {
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11] = matrix;
  const clamp = (value: number) => (value < 0 ? 0 : value > 1 ? 1 : value);
  for (let row = 0; row < height; row++) {
    const v = (row + 0.5) / height;
    for (let column = 0; column < width; column++) {
      const factor = vignette === 0 ? 1 : vignetteFactor(vignette, (column + 0.5) / width, v);
      const i = (row * width + column) * 4;
      const r = data[i]! / 255;
      const g = data[i + 1]! / 255;
      const b = data[i + 2]! / 255;
      data[i] = Math.round(clamp(clamp(m0 * r + m1 * g + m2 * b + m3) * factor) * 255);
      data[i + 1] = Math.round(clamp(clamp(m4 * r + m5 * g + m6 * b + m7) * factor) * 255);
      data[i + 2] = Math.round(clamp(clamp(m8 * r + m9 * g + m10 * b + m11) * factor) * 255);
    }
  }
}
