import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** ffmpeg on PATH (Debian's), as the server finds it by default. */
export const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';
export const ffprobe = process.env.FFPROBE_PATH ?? 'ffprobe';

/** Runs ffmpeg quietly with `args` (a fixture: short and small, so a file's tests stay quick). */
export async function makeWithFfmpeg(args: string[]): Promise<void> {
  await run(ffmpeg, ['-nostdin', '-v', 'error', '-y', ...args], { timeout: 60_000 });
}

/** Whether this ffmpeg has an encoder (Debian's has libx265; a minimal build may not). */
export async function hasEncoder(name: string): Promise<boolean> {
  const { stdout } = await run(ffmpeg, ['-hide_banner', '-encoders'], { timeout: 10_000 });
  return new RegExp(`\\s${name}\\s`).test(stdout);
}

/** What ffprobe says of a file's container and streams, tags included. */
export async function probeAll(file: string): Promise<{
  format: { tags?: Record<string, string>; format_name?: string; duration?: string };
  streams: {
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    tags?: Record<string, string>;
    side_data_list?: { side_data_type?: string; rotation?: number }[];
  }[];
}> {
  const { stdout } = await run(
    ffprobe,
    ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file],
    { timeout: 30_000 },
  );
  return JSON.parse(stdout) as Awaited<ReturnType<typeof probeAll>>;
}

const picture = (seconds: number, size = '320x240', rate = 25) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc=duration=${seconds}:size=${size}:rate=${rate}`,
];
const sound = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];

/**
 * Writes a quarter turn into the video track's display matrix (`tkhd`), as a phone filming
 * upright does: Debian's ffmpeg 5.1 no longer turns `-metadata:s:v rotate=90` into one, and
 * `-display_rotation` came with 6.0.
 */
export async function turnQuarter(file: string): Promise<void> {
  const bytes = await fs.readFile(file);
  let at = bytes.indexOf('tkhd');
  while (at !== -1) {
    const box = at - 4;
    const version = bytes[box + 8]!;
    // Version 1 has 64-bit times: the matrix and the size come 12 bytes later.
    const matrix = box + (version === 1 ? 60 : 48);
    const width = bytes.readUInt32BE(matrix + 36);
    if (width !== 0) {
      const values = [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000];
      values.forEach((value, index) => bytes.writeInt32BE(value, matrix + index * 4));
    }
    at = bytes.indexOf('tkhd', at + 4);
  }
  await fs.writeFile(file, bytes);
}

/** Where the GPS fixture says it was filmed (the Eiffel Tower), as phones write it. */
export const gpsLocation = '+48.8577+002.2950/';

export interface VideoFixtures {
  /** H.264/AAC MP4 with GPS, a device, a date and a 90° display rotation: 320×240 stored. */
  gpsMp4: string;
  /** Already what we serve (H.264 yuv420p 320×240, AAC): copied, not encoded again. */
  plainMp4: string;
  /** VP8/Opus WebM. */
  webm: string;
  /** 3 s long: over a limit of 2. */
  longMp4: string;
  /** The first half of an MP4 whose index (moov) comes last: cut before it. */
  truncatedMp4: string;
  /** Sound only, in an MP4 (`isom`). */
  audioOnly: string;
  /** A valid MP4 followed by a 1.2 MB `free` box: over VIDEO_MAX_MB=1. */
  bigMp4: string;
}

/** A phone's usual streams, encoded as fast as ffmpeg can. */
const h264Aac = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'];

/** Makes the fixtures in `folder` with ffmpeg's test sources: about a second of CPU in all. */
export async function makeVideoFixtures(folder: string): Promise<VideoFixtures> {
  const file = (name: string) => path.join(folder, name);
  const gpsMp4 = file('gps.mp4');
  await makeWithFfmpeg([
    ...picture(1),
    ...sound(1),
    ...h264Aac,
    '-metadata',
    `location=${gpsLocation}`,
    '-metadata',
    'make=Apple',
    '-metadata',
    'model=iPhone 15 Pro',
    '-metadata',
    'creation_time=2026-06-01T12:00:00Z',
    '-shortest',
    gpsMp4,
  ]);
  await turnQuarter(gpsMp4);
  const plainMp4 = file('plain.mp4');
  await makeWithFfmpeg([...picture(1), ...sound(1), ...h264Aac, '-shortest', plainMp4]);
  const webm = file('clip.webm');
  await makeWithFfmpeg([
    ...picture(1, '160x120'),
    ...sound(1),
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '200k',
    '-c:a',
    'libopus',
    '-shortest',
    webm,
  ]);
  const longMp4 = file('long.mp4');
  await makeWithFfmpeg([
    ...picture(3, '160x120', 10),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    longMp4,
  ]);
  const truncatedMp4 = file('truncated.mp4');
  const whole = await fs.readFile(plainMp4);
  await fs.writeFile(truncatedMp4, whole.subarray(0, Math.floor(whole.length / 2)));
  const audioOnly = file('audio.mp4');
  await makeWithFfmpeg([...sound(1), '-c:a', 'aac', '-f', 'mp4', audioOnly]);
  const bigMp4 = file('big.mp4');
  const padding = Buffer.alloc(1_200_000);
  padding.writeUInt32BE(padding.length, 0);
  padding.write('free', 4, 'latin1');
  await fs.writeFile(bigMp4, Buffer.concat([whole, padding]));
  return { gpsMp4, plainMp4, webm, longMp4, truncatedMp4, audioOnly, bigMp4 };
}

/** An HEVC MOV as an iPhone writes it (`hvc1`, Apple's location key, turned 90°). */
export async function makeHevcMov(folder: string): Promise<string> {
  const mov = path.join(folder, 'iphone.mov');
  await makeWithFfmpeg([
    ...picture(1, '320x240', 10),
    ...sound(1),
    '-c:v',
    'libx265',
    '-preset',
    'ultrafast',
    '-x265-params',
    'log-level=error',
    '-tag:v',
    'hvc1',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-metadata',
    'com.apple.quicktime.location.ISO6709=+48.8577+002.2950+035.000/',
    '-metadata',
    'com.apple.quicktime.model=iPhone 15 Pro',
    '-movflags',
    'use_metadata_tags',
    '-shortest',
    '-f',
    'mov',
    mov,
  ]);
  await turnQuarter(mov);
  return mov;
}

/** A loopback listener that notes every connection: a playlist's target, which must see none. */
export async function startConnectionRecorder(): Promise<{
  port: number;
  connections: () => number;
  close: () => Promise<void>;
}> {
  let count = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    count += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Playlists that name files elsewhere, under a video's name: the classic SSRF and local-file attack. */
export function hostilePlaylists(port: number): { hls: Buffer; concat: Buffer; ftypHls: Buffer } {
  const hls = Buffer.from(
    [
      '#EXTM3U',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXTINF:10.0,',
      `http://127.0.0.1:${port}/latest/meta-data/iam`,
      '#EXTINF:10.0,',
      'file:///etc/passwd',
      '#EXT-X-ENDLIST',
      '',
    ].join('\n'),
  );
  const concat = Buffer.from(
    ['ffconcat version 1.0', `file http://127.0.0.1:${port}/clip.mp4`, 'file /etc/passwd', ''].join(
      '\n',
    ),
  );
  // A real `ftyp` box before the playlist: the sniff says MP4, so only ffprobe's own allow-lists
  // (the `mov` demuxer, the `file` protocol) stand between the text and the network.
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(512, 12);
  ftyp.write('isommp41', 16, 'latin1');
  return { hls, concat, ftypHls: Buffer.concat([ftyp, hls]) };
}
