import { describe, expect, it } from 'vitest';
import { sniffVideoKind } from './video-bytes';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );

describe('sniffVideoKind', () => {
  it('knows MP4, MOV and WebM by their first bytes', () => {
    expect(sniffVideoKind(bytes([0, 0, 0, 24], 'ftypisom', [0, 0, 2, 0], 'isomiso2'))).toBe('mp4');
    expect(sniffVideoKind(bytes([0, 0, 0, 24], 'ftypmp42', [0, 0, 0, 0], 'mp42isom'))).toBe('mp4');
    expect(sniffVideoKind(bytes([0, 0, 0, 20], 'ftypqt  ', [0, 0, 2, 0], 'qt  '))).toBe('mov');
    expect(sniffVideoKind(bytes([0, 0, 0, 8], 'wide', [0, 0, 0, 0], 'mdat'))).toBe('mov');
    expect(sniffVideoKind(bytes([0x1a, 0x45, 0xdf, 0xa3], [0x9f, 0x42, 0x86]))).toBe('webm');
  });

  it('leaves photos in the same box (HEIC, AVIF) and anything else alone', () => {
    expect(sniffVideoKind(bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0], 'mif1heic'))).toBeNull();
    expect(sniffVideoKind(bytes([0, 0, 0, 24], 'ftypavif', [0, 0, 0, 0], 'avifmif1'))).toBeNull();
    expect(sniffVideoKind(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
    expect(sniffVideoKind(bytes('#EXTM3U\n#EXT-X-VERSION:3'))).toBeNull();
  });
});
