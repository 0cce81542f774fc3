import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { messages, videoMessages } from '@pinhole/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';
import { storedKeys } from '../test/photo-posts';
import { makeWithFfmpeg } from '../test/video-fixtures';

describe.each(dialects)('a server without ffmpeg on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let user: TestUser;
  let folder: string;

  beforeAll(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'pinhole-no-ffmpeg-'));
    // ffmpeg and ffprobe at paths where nothing is: as on a machine without the package.
    server = await startTestServer(dialect, {
      FFMPEG_PATH: path.join(folder, 'missing-ffmpeg'),
      FFPROBE_PATH: path.join(folder, 'missing-ffprobe'),
    });
    user = await signUpUser(server);
  });
  afterAll(async () => {
    await disposeTestServer(server);
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('starts, says video: false, shares photos and refuses a video with 415', async () => {
    expect((await server.request('/api/instance')).body.video).toBe(false);
    expect((await uploadPost(server, user, await makeJpeg(64, 48))).status).toBe(201);

    // The fixture itself is made by the test machine's ffmpeg, found on PATH.
    const clip = path.join(folder, 'clip.mp4');
    await makeWithFfmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=160x120:rate=10',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      clip,
    ]);
    const before = await storedKeys(server);
    const response = await uploadPost(server, user, await fs.readFile(clip), {
      filename: 'clip.mp4',
      type: 'video/mp4',
    });
    expect(response.status).toBe(415);
    expect(response.body.error).toMatchObject({
      code: 'unsupported_media_type',
      message: videoMessages.needsFfmpeg,
    });
    expect(await storedKeys(server)).toEqual(before);
  });

  it('keeps the 5 MB limit for photos while a file may be as large as VIDEO_MAX_MB', async () => {
    // JPEG's first bytes, then 6 MB: under VIDEO_MAX_MB (100), over a photo's 5 MB.
    const large = Buffer.alloc(6 * 1024 * 1024);
    large.set([0xff, 0xd8, 0xff, 0xe0]);
    const response = await uploadPost(server, user, large);
    expect(response.status).toBe(413);
    expect(response.body.error.message).toBe(messages.fileTooLarge);
  });
});
