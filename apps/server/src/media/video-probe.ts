import fs from 'node:fs/promises';
import { limits } from '@pinhole/contracts';
import type { VideoTools } from './ffmpeg';
import { ToolFailedError, runTool, safeInputOptions } from './ffmpeg';
import type { VideoContainer } from './sniff';
import { sniffVideoContainer } from './sniff';

/** Why a video is refused: the route turns each into the API's error with its limit named. */
export type VideoRejectionReason = 'damaged' | 'no-picture' | 'too-long' | 'too-wide';

export class VideoRejectedError extends Error {
  constructor(readonly reason: VideoRejectionReason) {
    super(`video refused: ${reason}`);
    this.name = 'VideoRejectedError';
  }
}

/** What the probe learnt of an upload: enough to decide copy or transcode, and to show it. */
export interface VideoFacts {
  container: VideoContainer;
  durationS: number;
  /** As stored (before rotation). */
  width: number;
  height: number;
  /** Degrees the picture is turned when shown (a phone held upright): 0, 90, 180 or 270. */
  rotation: number;
  fps: number;
  videoCodec: string;
  pixelFormat: string;
  /** Null when it has no sound. */
  audioCodec: string | null;
}

/** The first bytes of a file: enough for the sniff. */
export async function readHead(file: string, bytes = 4096): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Whether every top-level ISO-BMFF box fits in the file: a cut upload (a phone's interrupted
 * send) declares an `mdat` or `moov` longer than what arrived. Found by reading 16 bytes per
 * box, before ffprobe is asked anything.
 */
export async function isoBoxesComplete(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(16);
    let offset = 0;
    let boxes = 0;
    while (offset < size) {
      if (++boxes > 10_000) return false;
      const { bytesRead } = await handle.read(header, 0, 16, offset);
      if (bytesRead < 8) return false;
      let boxSize = header.readUInt32BE(0);
      if (boxSize === 1) {
        if (bytesRead < 16) return false;
        boxSize = Number(header.readBigUInt64BE(8));
      } else if (boxSize === 0) {
        return true; // "to the end of the file"
      }
      if (boxSize < 8 || offset + boxSize > size) return false;
      offset += boxSize;
    }
    return true;
  } finally {
    await handle.close();
  }
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number }[];
}

export interface ProbeAnswer {
  streams?: ProbeStream[];
  format?: { duration?: string };
}

function rate(text: string | undefined): number {
  const [num, den] = (text ?? '').split('/').map(Number);
  if (!num || !Number.isFinite(num)) return 0;
  return den ? num / den : num;
}

/** Quarter turns only: a display matrix's rotation, or the old `rotate` tag. */
function rotationOf(stream: ProbeStream): number {
  const fromMatrix = stream.side_data_list?.find((data) => data.rotation !== undefined)?.rotation;
  const degrees = fromMatrix ?? Number(stream.tags?.rotate ?? 0);
  const turned = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return Number.isFinite(turned) ? turned : 0;
}

/**
 * ffprobe's description of `file`, read only with `container`'s demuxer and only through the
 * `file` protocol (so a playlist or a concat list inside cannot make it open anything else),
 * within 15 s and 1 MB of answer. Anything it cannot read is a VideoRejectedError.
 */
export async function readStreams(
  tools: VideoTools,
  file: string,
  container: VideoContainer,
): Promise<ProbeAnswer> {
  try {
    const output = await runTool(
      tools.ffprobe,
      [
        '-v',
        'error',
        ...safeInputOptions(container),
        '-show_format',
        '-show_streams',
        '-of',
        'json',
        `file:${file}`,
      ],
      { timeoutMs: 15_000, maxOutputBytes: 1024 * 1024 },
    );
    return JSON.parse(output.toString('utf8')) as ProbeAnswer;
  } catch (error) {
    if (error instanceof ToolFailedError || error instanceof SyntaxError) {
      throw new VideoRejectedError('damaged');
    }
    throw error;
  }
}

/**
 * Reads a video upload's facts with ffprobe, safely: only our temporary file (the `file`
 * protocol), only the demuxer its bytes named, within 15 s and 1 MB of answer. Refuses with
 * VideoRejectedError what is not a whole MP4/MOV/WebM with a picture within the limits.
 */
export async function probeVideo(
  tools: VideoTools,
  file: string,
  maxSeconds: number,
): Promise<VideoFacts> {
  const container = sniffVideoContainer(await readHead(file));
  if (!container) throw new VideoRejectedError('damaged');
  if (container === 'mov' && !(await isoBoxesComplete(file))) {
    throw new VideoRejectedError('damaged');
  }
  const answer = await readStreams(tools, file, container);
  const streams = answer.streams ?? [];
  const video = streams.find(
    (stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1,
  );
  if (!video) throw new VideoRejectedError('no-picture');
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  const durationS = Number(answer.format?.duration);
  const width = video.width ?? 0;
  const height = video.height ?? 0;
  if (!Number.isFinite(durationS) || durationS <= 0 || width <= 0 || height <= 0) {
    throw new VideoRejectedError('damaged');
  }
  if (durationS > maxSeconds + 0.5) throw new VideoRejectedError('too-long');
  if (width > limits.videoMaxSide || height > limits.videoMaxSide) {
    throw new VideoRejectedError('too-wide');
  }
  return {
    container,
    durationS: Math.round(durationS * 100) / 100,
    width,
    height,
    rotation: rotationOf(video),
    fps: rate(video.avg_frame_rate) || rate(video.r_frame_rate),
    videoCodec: video.codec_name ?? '',
    pixelFormat: video.pix_fmt ?? '',
    audioCodec: audio?.codec_name ?? null,
  };
}

/** The size it is shown at once turned upright and brought within 1080 px, both sides even. */
export function outputSize(facts: Pick<VideoFacts, 'width' | 'height' | 'rotation'>) {
  const turned = facts.rotation === 90 || facts.rotation === 270;
  const width = turned ? facts.height : facts.width;
  const height = turned ? facts.width : facts.height;
  const scale = Math.min(1, limits.videoOutputMaxSide / Math.max(width, height));
  const even = (value: number) => Math.max(2, Math.floor((value * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}
