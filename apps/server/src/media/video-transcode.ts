import fs from 'node:fs/promises';
import path from 'node:path';
import { limits } from '@pinhole/contracts';
import type { VideoTools } from './ffmpeg';
import { runTool, safeInputOptions } from './ffmpeg';

/**
 * How every run here starts: quiet, no terminal, and only our own temp file open, read by the
 * demuxer its bytes named (ffmpeg.ts says why).
 */
const ownFileInput = (container: 'mov' | 'matroska', file: string): string[] => [
  '-nostdin',
  '-v',
  'error',
  ...safeInputOptions(container),
  '-i',
  `file:${file}`,
];
import type { VideoFacts } from './video-probe';
import { outputSize, probeVideo } from './video-probe';

/** What a transcode leaves in its folder: the MP4 to store and its poster, with their facts. */
export interface TranscodedVideo {
  file: string;
  poster: string;
  width: number;
  height: number;
  durationS: number;
  /** Whether the streams were copied rather than encoded again. */
  copied: boolean;
}

export interface TranscodeOptions {
  /** Encoder threads: a few, so that the server keeps answering meanwhile. */
  threads: number;
  /** Seconds kept (a longer upload was refused already; this only bounds the work). */
  maxSeconds: number;
  signal?: AbortSignal;
}

/**
 * Already what we serve (H.264 yuv420p, ≤ 1080 px, ≤ 60 fps, AAC or silent, upright, in MP4):
 * remuxed in a moment instead of encoded again.
 */
export function canCopy(facts: VideoFacts): boolean {
  return (
    facts.container === 'mov' &&
    facts.videoCodec === 'h264' &&
    facts.pixelFormat === 'yuv420p' &&
    Math.max(facts.width, facts.height) <= limits.videoOutputMaxSide &&
    facts.width % 2 === 0 &&
    facts.height % 2 === 0 &&
    facts.fps > 0 &&
    facts.fps <= limits.videoMaxFps + 0.01 &&
    facts.rotation === 0 &&
    (facts.audioCodec === null || facts.audioCodec === 'aac')
  );
}

/**
 * Every tag goes: the container's and the streams' (GPS in `location` or
 * `com.apple.quicktime.location.ISO6709`, the device, `creation_time`), chapters, subtitles and
 * data tracks; `bitexact` keeps the muxer and encoders from writing their own names and dates.
 */
const withoutMetadata = [
  '-map_metadata',
  '-1',
  '-map_chapters',
  '-1',
  '-sn',
  '-dn',
  '-fflags',
  '+bitexact',
  '-flags:v',
  '+bitexact',
  '-flags:a',
  '+bitexact',
];

/**
 * Makes the MP4 we serve from an upload and its poster JPEG (the first frame of that MP4), in
 * `folder`, niced, with `threads` encoder threads and a time bound. ffmpeg turns the picture
 * upright itself (autorotate) when it encodes, so no rotation is left to apply.
 */
export async function transcodeVideo(
  tools: VideoTools,
  input: string,
  folder: string,
  options: TranscodeOptions,
): Promise<TranscodedVideo> {
  const facts = await probeVideo(tools, input, options.maxSeconds);
  const copied = canCopy(facts);
  const file = path.join(folder, 'video.mp4');
  const size = outputSize(facts);
  const filters = [`scale=${size.width}:${size.height}`, 'setsar=1'];
  if (facts.fps > limits.videoMaxFps) filters.push(`fps=${limits.videoMaxFps}`);
  // A bound well past what encoding a minute of 1080p takes on two cores.
  const timeoutMs = Math.max(120_000, facts.durationS * 20_000);
  const bounds = { maxOutputBytes: 64 * 1024, niceness: 10, signal: options.signal };
  let source = { file: input, container: facts.container };
  if (!copied) {
    const encoded = path.join(folder, 'encoded.mp4');
    await runTool(
      tools.ffmpeg,
      [
        ...ownFileInput(facts.container, input),
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        '-t',
        String(options.maxSeconds + 1),
        ...withoutMetadata,
        '-vf',
        filters.join(','),
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '24',
        '-pix_fmt',
        'yuv420p',
        '-profile:v',
        'high',
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-ac',
        '2',
        '-threads',
        String(options.threads),
        '-f',
        'mp4',
        '-y',
        `file:${encoded}`,
      ],
      { timeoutMs, ...bounds },
    );
    source = { file: encoded, container: 'mov' };
  }
  // Always a copy last: an encoder names itself in the track ("Lavc libx264") whatever the
  // flags, a copy names nothing; and `faststart` moves the index first for playback at once.
  await runTool(
    tools.ffmpeg,
    [
      ...ownFileInput(source.container, source.file),
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-t',
      String(options.maxSeconds + 1),
      ...withoutMetadata,
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      '-y',
      `file:${file}`,
    ],
    { timeoutMs, ...bounds },
  );
  const poster = path.join(folder, 'poster.jpg');
  await runTool(
    tools.ffmpeg,
    [
      ...ownFileInput('mov', file),
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-q:v',
      '2',
      ...withoutMetadata.slice(0, 4),
      '-f',
      'image2',
      '-c:v',
      'mjpeg',
      '-y',
      `file:${poster}`,
    ],
    { timeoutMs: 60_000, ...bounds },
  );
  await fs.access(poster);
  const written = copied ? { width: facts.width, height: facts.height } : size;
  return { file, poster, ...written, durationS: facts.durationS, copied };
}
