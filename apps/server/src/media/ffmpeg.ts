import { execFile, spawn } from 'node:child_process';
import os from 'node:os';

/**
 * ffmpeg and ffprobe, a system dependency as for Mastodon and PeerTube: found once at start,
 * at FFMPEG_PATH/FFPROBE_PATH or on PATH. This folder is the only one that runs them, always
 * spawned directly (never through a shell, so no file name is ever read as a command).
 */
export interface VideoTools {
  ffmpeg: string;
  ffprobe: string;
}

/** The demuxers a video may be read with: ISO-BMFF (MP4, MOV, 3GP) and Matroska (WebM). */
export const allowedDemuxers = 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm';

/**
 * Options put before every input: only our own file may be opened (no http, no data:, no
 * concat or HLS lists that would name other files), read with the demuxer the sniff chose.
 */
export const safeInputOptions = (demuxer: 'mov' | 'matroska'): string[] => [
  '-protocol_whitelist',
  'file',
  '-format_whitelist',
  allowedDemuxers,
  '-f',
  demuxer,
];

/** Whether `command -version` runs: a missing file, a directory or a broken binary answer false. */
function answersVersion(command: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(command, ['-version'], { timeout: 10_000, windowsHide: true }, (error) =>
      resolve(error === null),
    );
  });
}

/**
 * Each path's answer, asked once per process: a test run starts hundreds of servers, and two
 * processes spawned for each would cost CI half a minute of CPU for the same answer.
 */
const answers = new Map<string, Promise<boolean>>();

function answersOnce(command: string): Promise<boolean> {
  let answer = answers.get(command);
  if (!answer) {
    answer = answersVersion(command);
    answers.set(command, answer);
  }
  return answer;
}

/** Both tools when both answer; null (videos off) otherwise. */
export async function findVideoTools(paths: {
  ffmpegPath: string;
  ffprobePath: string;
}): Promise<VideoTools | null> {
  const [ffmpeg, ffprobe] = await Promise.all([
    answersOnce(paths.ffmpegPath),
    answersOnce(paths.ffprobePath),
  ]);
  return ffmpeg && ffprobe ? { ffmpeg: paths.ffmpegPath, ffprobe: paths.ffprobePath } : null;
}

/** The tool ran past its time, printed more than allowed, or could not start. */
export class ToolFailedError extends Error {
  constructor(
    message: string,
    readonly stderr: string = '',
  ) {
    super(message);
    this.name = 'ToolFailedError';
  }
}

export interface RunOptions {
  timeoutMs: number;
  /** Standard output kept; more kills the tool (a probe's JSON is a few kilobytes). */
  maxOutputBytes: number;
  /** Lower priority than the server's requests (a transcode), 0 for none. */
  niceness?: number;
  /** Aborted at shutdown: the tool is killed, its job left for the next start. */
  signal?: AbortSignal;
}

/** Only the end of stderr is kept: enough to log why, never megabytes of warnings. */
const stderrKeptBytes = 4096;

/**
 * Runs a tool with `args`, its standard input closed, within a time and an output bound;
 * answers its standard output. Any failure is a ToolFailedError, with the end of its stderr.
 */
export function runTool(command: string, args: readonly string[], options: RunOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    if (options.niceness && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, options.niceness);
      } catch {
        // Not allowed here (some containers): it still runs, only not lowered.
      }
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let failure: string | undefined;
    const stop = (why: string) => {
      failure ??= why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop('timed out'), options.timeoutMs);
    const onAbort = () => stop('was stopped');
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxOutputBytes) stop('printed too much');
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-stderrKeptBytes);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ToolFailedError(`could not run ${command}: ${error.message}`, stderr));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (failure) reject(new ToolFailedError(`${command} ${failure}`, stderr));
      else if (code !== 0) reject(new ToolFailedError(`${command} exited with ${code}`, stderr));
      else resolve(Buffer.concat(chunks));
    });
  });
}
