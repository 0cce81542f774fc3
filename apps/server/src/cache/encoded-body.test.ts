import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EncodedBody } from './encoded-body';

describe('EncodedBody', () => {
  const json = Buffer.from(JSON.stringify({ posts: Array(50).fill({ caption: 'sunset' }) }));

  it('decodes to the same bytes in each encoding, and is smaller', () => {
    const body = new EncodedBody(json);
    expect(brotliDecompressSync(body.get('br')).equals(json)).toBe(true);
    expect(gunzipSync(body.get('gzip')).equals(json)).toBe(true);
    expect(body.get('br').length).toBeLessThan(json.length / 4);
  });

  it('compresses once per encoding', () => {
    const body = new EncodedBody(json);
    expect(body.get('br')).toBe(body.get('br'));
    expect(body.get('gzip')).toBe(body.get('gzip'));
  });
});
