/**
 * Hostile "images" made on the spot, shared by the media unit tests and the upload route tests:
 * each must be refused with the spec's message, and nothing of it may be stored.
 */
import { deflateSync } from 'node:zlib';

import { messages } from '@pinhole/contracts';
import { pngChunk } from '../media/icc';
import { makeJpeg } from './harness';

/** A tiny file that claims to be a 20000 × 20000 grey PNG (400 MP): a decompression bomb. */
export function pixelFloodPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(20_001 * 4))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** JPEG magic and a JFIF header, then an HTML page: a polyglot. */
export function jpegHeaderThenHtml(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0<!doctype html><html><script>alert(1)</script></html>'),
  ]);
}

export interface HostileUpload {
  name: string;
  bytes: Buffer;
  filename: string;
  type: string;
  status: 400 | 415;
  message: string;
}

/** Where a JPEG's first scan header ends and its picture data begins. */
function endOfScanHeader(jpeg: Buffer): number {
  const scan = jpeg.indexOf(Buffer.from([0xff, 0xda]));
  return scan + 2 + jpeg.readUInt16BE(scan + 2);
}

/** The five hostile uploads the image-pipeline issue names, as a browser would send them. */
export async function hostileUploads(): Promise<HostileUpload[]> {
  const photo = await makeJpeg(1200, 900);
  return [
    {
      name: 'an SVG with a script',
      bytes: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
      filename: 'x.svg',
      type: 'image/svg+xml',
      status: 415,
      message: messages.notAnImage,
    },
    {
      name: 'HTML renamed .jpg',
      bytes: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      filename: 'photo.jpg',
      type: 'image/jpeg',
      status: 415,
      message: messages.notAnImage,
    },
    {
      name: 'a JPEG header followed by HTML',
      bytes: jpegHeaderThenHtml(),
      filename: 'photo.jpg',
      type: 'image/jpeg',
      status: 400,
      message: messages.corruptImage,
    },
    {
      name: 'a 20000 × 20000 PNG',
      bytes: pixelFloodPng(),
      filename: 'flood.png',
      type: 'image/png',
      status: 400,
      message: messages.imageTooLarge,
    },
    {
      // A JPEG cut in its last rows is accepted, as browsers show it; one cut before any picture
      // data would be a flat grey rectangle.
      name: 'a JPEG cut off before its picture data',
      bytes: photo.subarray(0, endOfScanHeader(photo)),
      filename: 'photo.jpg',
      type: 'image/jpeg',
      status: 400,
      message: messages.corruptImage,
    },
  ];
}
