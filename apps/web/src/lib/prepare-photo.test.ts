import { describe, expect, it } from 'vitest';
import { preparePhoto, preparePhotos } from './prepare-photo';

const jpegHead = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);

describe('preparePhoto', () => {
  it('names a file that is not a picture, whatever its name and type claim', async () => {
    const pdf = new File(['%PDF-1.7 a document'], 'holiday.jpg', { type: 'image/jpeg' });
    expect(await preparePhoto(pdf)).toEqual({
      problem: 'holiday.jpg is not a picture. Please select an image file',
    });
  });

  it('keeps a picture under 5 MB as it is', async () => {
    const photo = new File([jpegHead], 'small.jpg', { type: 'image/jpeg' });
    expect(await preparePhoto(photo)).toEqual({ file: photo });
  });

  it('refuses an animated GIF over 5 MB by name: drawing it would still it', async () => {
    const gif = new File(['GIF89a', new Uint8Array(6 * 1024 * 1024)], 'big.gif');
    expect(await preparePhoto(gif)).toEqual({
      problem: 'big.gif could not be made smaller. File size must be less than 5MB',
    });
  });

  it('keeps the good files of several and reports the others', async () => {
    const photo = new File([jpegHead], 'a.jpg');
    const text = new File(['hello'], 'b.png');
    expect(await preparePhotos([photo, text])).toEqual({
      ready: [photo],
      problems: ['b.png is not a picture. Please select an image file'],
    });
  });
});
