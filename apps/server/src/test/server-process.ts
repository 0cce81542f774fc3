import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RequestOptions, TestResponse } from './harness';
import { requestTo } from './harness';
import { freePort } from './postgres-cluster';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * The environment of a child process: this one's, without the variables that would point it at
 * another database or store than the test names.
 */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
  for (const name of ['DATABASE_URL', 'STORAGE_DRIVER', 'S3_BUCKET', 'DATA_DIR', 'DEMO']) {
    delete base[name];
  }
  return { ...base, ...env };
}

export interface ServerProcess {
  url: string;
  request(pathname: string, init?: RequestOptions): Promise<TestResponse>;
  /** SIGTERM, then waits for the process to finish its requests and exit. */
  stop(): Promise<void>;
}

/**
 * The server as `npm start` runs it, in a process of its own (through tsx): another process
 * (a backup, say) can then work on its DATA_DIR as it would in production.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: childEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMITS: 'false',
      SWEEP_ON_START: 'false',
      ...env,
    }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  for (let attempt = 0; ; attempt++) {
    if (exitCode !== undefined) throw new Error(`server exited (${exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 1200) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in a minute: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    request: requestTo(url),
    async stop() {
      if (exitCode === undefined) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A command-line script of the server (`apps/server/src/<script>`) as an operator runs it. */
export function runServerScript(
  script: string,
  args: readonly string[],
  env: Record<string, string>,
): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `apps/server/src/${script}`, ...args],
      { cwd: repoRoot, timeout: 120_000, env: childEnv(env) },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() });
      },
    );
  });
}
