import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoFixtures } from '../test/video-fixtures';
import {
  ffmpeg,
  ffprobe,
  hasEncoder,
  hostilePlaylists,
  makeHevcMov,
  makeVideoFixtures,
  probeAll,
  startConnectionRecorder,
} from '../test/video-fixtures';
import { findVideoTools } from './ffmpeg';
import { sniffVideoContainer } from './sniff';
import { VideoRejectedError, isoBoxesComplete, probeVideo, readStreams } from './video-probe';
import { transcodeVideo } from './video-transcode';

const tools = { ffmpeg, ffprobe };

/** Every tag ffprobe finds on the container and its streams, lowercased names. */
const tagNames = (probe: Awaited<ReturnType<typeof probeAll>>) => [
  ...Object.keys(probe.format.tags ?? {}),
  ...probe.streams.flatMap((stream) => Object.keys(stream.tags ?? {})),
];

describe('videos in media/', () => {
  let folder: string;
  let fixtures: VideoFixtures;
  let recorder: Awaited<ReturnType<typeof startConnectionRecorder>>;

  beforeAll(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'pinhole-video-unit-'));
    fixtures = await makeVideoFixtures(folder);
    recorder = await startConnectionRecorder();
  });
  afterAll(async () => {
    await recorder.close();
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('finds ffmpeg on PATH, and not at a missing path', async () => {
    expect(await findVideoTools({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' })).toEqual(tools);
    expect(
      await findVideoTools({ ffmpegPath: path.join(folder, 'missing'), ffprobePath: 'ffprobe' }),
    ).toBeNull();
  });

  it('sniffs MP4, MOV and WebM by their bytes, and nothing else', async () => {
    const head = async (file: string) => (await fs.readFile(file)).subarray(0, 64);
    expect(sniffVideoContainer(await head(fixtures.gpsMp4))).toBe('mov');
    expect(sniffVideoContainer(await head(fixtures.webm))).toBe('matroska');
    const { hls, concat } = hostilePlaylists(recorder.port);
    expect(sniffVideoContainer(hls)).toBeNull();
    expect(sniffVideoContainer(concat)).toBeNull();
    expect(sniffVideoContainer(Buffer.from('hello, this is text named clip.mp4'))).toBeNull();
  });

  it('reads a video: its length, size, turn and streams', async () => {
    const facts = await probeVideo(tools, fixtures.gpsMp4, 60);
    expect(facts).toMatchObject({
      container: 'mov',
      width: 320,
      height: 240,
      videoCodec: 'h264',
      audioCodec: 'aac',
      pixelFormat: 'yuv420p',
    });
    expect([90, 270]).toContain(facts.rotation);
    expect(facts.durationS).toBeGreaterThan(0.9);
    expect(facts.durationS).toBeLessThan(1.2);
    const webm = await probeVideo(tools, fixtures.webm, 60);
    expect(webm).toMatchObject({ container: 'matroska', videoCodec: 'vp8', audioCodec: 'opus' });
  });

  it('refuses a cut file, sound alone and a video over the limit', async () => {
    expect(await isoBoxesComplete(fixtures.truncatedMp4)).toBe(false);
    expect(await isoBoxesComplete(fixtures.plainMp4)).toBe(true);
    const reasonOf = (file: string, maxSeconds = 60) =>
      probeVideo(tools, file, maxSeconds).then(
        () => 'accepted',
        (error: unknown) => (error instanceof VideoRejectedError ? error.reason : error),
      );
    expect(await reasonOf(fixtures.truncatedMp4)).toBe('damaged');
    expect(await reasonOf(fixtures.audioOnly)).toBe('no-picture');
    expect(await reasonOf(fixtures.longMp4, 2)).toBe('too-long');
    expect(await reasonOf(fixtures.longMp4, 3)).toBe('accepted');
  });

  it('opens nothing a playlist names, even one behind a real ftyp box', async () => {
    // The listener does record a connection: the zero below means something.
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(recorder.port, '127.0.0.1', () => {
        socket.destroy();
        resolve();
      });
      socket.on('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = recorder.connections();
    expect(before).toBe(1);
    const { hls, concat, ftypHls } = hostilePlaylists(recorder.port);
    for (const [name, bytes] of [
      ['hls.mp4', hls],
      ['concat.mp4', concat],
      ['ftyp-hls.mp4', ftypHls],
    ] as const) {
      const file = path.join(folder, name);
      await fs.writeFile(file, bytes);
      // Straight to ffprobe with each demuxer we allow, past the sniff that refuses them first.
      for (const container of ['mov', 'matroska'] as const) {
        await expect(readStreams(tools, file, container)).rejects.toBeInstanceOf(
          VideoRejectedError,
        );
      }
      await expect(probeVideo(tools, file, 60)).rejects.toBeInstanceOf(VideoRejectedError);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(recorder.connections()).toBe(before);
  });

  it('transcodes to upright H.264/AAC MP4 without a single tag left', async () => {
    const out = await fs.mkdtemp(path.join(folder, 'gps-'));
    const video = await transcodeVideo(tools, fixtures.gpsMp4, out, { threads: 1, maxSeconds: 60 });
    expect(video.copied).toBe(false);
    // Stored 320×240 and turned 90°: shown 240×320.
    expect({ width: video.width, height: video.height }).toEqual({ width: 240, height: 320 });
    const probe = await probeAll(video.file);
    const picture = probe.streams.find((stream) => stream.codec_type === 'video')!;
    expect(picture).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 240 });
    expect(picture.height).toBe(320);
    expect(picture.side_data_list ?? []).not.toContainEqual(
      expect.objectContaining({ side_data_type: 'Display Matrix' }),
    );
    expect(probe.streams.find((stream) => stream.codec_type === 'audio')?.codec_name).toBe('aac');
    const tags = tagNames(probe);
    for (const banned of ['location', 'creation_time', 'rotate', 'make', 'model', 'encoder']) {
      expect(tags.map((tag) => tag.toLowerCase())).not.toContain(banned);
    }
    expect(tags.some((tag) => tag.startsWith('com.apple.quicktime'))).toBe(false);
    const bytes = await fs.readFile(video.file);
    expect(bytes.includes(Buffer.from('48.8577'))).toBe(false);
    expect(bytes.includes(Buffer.from('iPhone'))).toBe(false);
    // faststart: the index (moov) comes before the pictures (mdat).
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    const poster = await fs.readFile(video.poster);
    expect(poster.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('copies a stream that is already what we serve, still without tags', async () => {
    const out = await fs.mkdtemp(path.join(folder, 'plain-'));
    const video = await transcodeVideo(tools, fixtures.plainMp4, out, {
      threads: 1,
      maxSeconds: 60,
    });
    expect(video.copied).toBe(true);
    expect({ width: video.width, height: video.height }).toEqual({ width: 320, height: 240 });
    const probe = await probeAll(video.file);
    expect(tagNames(probe).map((tag) => tag.toLowerCase())).not.toContain('creation_time');
    expect(tagNames(probe).map((tag) => tag.toLowerCase())).not.toContain('encoder');
  });

  it('turns an iPhone HEVC MOV into upright H.264, its Apple location gone', async (context) => {
    if (!(await hasEncoder('libx265'))) {
      context.skip('this ffmpeg has no libx265 encoder to make the HEVC fixture');
    }
    const mov = await makeHevcMov(folder);
    const before = await probeAll(mov);
    expect(tagNames(before).some((tag) => tag.startsWith('com.apple.quicktime'))).toBe(true);
    const out = await fs.mkdtemp(path.join(folder, 'hevc-'));
    const video = await transcodeVideo(tools, mov, out, { threads: 1, maxSeconds: 60 });
    expect({ width: video.width, height: video.height }).toEqual({ width: 240, height: 320 });
    const probe = await probeAll(video.file);
    expect(probe.streams.find((stream) => stream.codec_type === 'video')?.codec_name).toBe('h264');
    expect(tagNames(probe).some((tag) => tag.startsWith('com.apple.quicktime'))).toBe(false);
    expect(tagNames(probe).map((tag) => tag.toLowerCase())).not.toContain('location');
  });
});
