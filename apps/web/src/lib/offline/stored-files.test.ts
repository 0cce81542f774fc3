import { describe, expect, it } from 'vitest';
import { isKeptStoredFile, isVideoRequest } from './stored-files';

const origin = 'https://pinhole.example';

/** A request as the worker sees it: what the page asked for, and with which headers. */
function request(destination: string, headers: Record<string, string> = {}) {
  return { destination, headers: new Headers(headers) };
}

const at = (path: string) => new URL(path, origin);

describe('the service worker keeps stored files', () => {
  it('keeps photos and posters of posts', () => {
    expect(isKeptStoredFile(request('image'), at('/storage/public/u1/posts/p1-640.webp'))).toBe(
      true,
    );
    expect(isKeptStoredFile(request('image'), at('/storage/public/u1/posts/v1-poster.jpg'))).toBe(
      true,
    );
  });

  it('never keeps a video, asked for by a video element, in pieces, or by its name', () => {
    const video = at('/storage/public/u1/posts/v1.mp4');
    // What a <video> asks first: the start of the file, answered 206.
    expect(isKeptStoredFile(request('video', { range: 'bytes=0-' }), video)).toBe(false);
    // Downloaded whole (a link, a fetch): still not kept, by its name.
    expect(isKeptStoredFile(request(''), video)).toBe(false);
    // Any piece of a file, whatever its name (a cache cannot answer a Range request).
    expect(isKeptStoredFile(request('', { range: 'bytes=100-' }), at('/storage/x/y/z.bin'))).toBe(
      false,
    );
    expect(isVideoRequest(request('audio'), at('/storage/a/b/c'))).toBe(true);
    expect(isVideoRequest(request('video'), at('/storage/a/b/c'))).toBe(true);
    for (const name of ['a.MP4', 'a.m4v', 'a.mov', 'a.webm'])
      expect(isVideoRequest(request(''), at(`/storage/u/p/${name}`))).toBe(true);
    expect(isVideoRequest(request('image'), at('/storage/u/p/mp4.jpg'))).toBe(false);
  });

  it("keeps neither a message's files nor what is not in /storage", () => {
    expect(isKeptStoredFile(request('image'), at('/storage/private/u1/messages/m1.jpg'))).toBe(
      false,
    );
    expect(isKeptStoredFile(request('image'), at('/assets/app.js'))).toBe(false);
  });
});
