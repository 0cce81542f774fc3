import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../test/postgres-cluster';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../../../..');
const preload = path.join(here, 'host-names-preload.ts');
/** The last this much of an instance's output is kept, for the error when it fails. */
const outputKept = 20_000;

export interface InstanceProcessOptions {
  /** Its own: the SQLite file and the photos live here. */
  dataDir: string;
  env: Record<string, string>;
  startTimeoutMs?: number;
}

/**
 * A Pinhole as `npm start` runs it (apps/server/src/main.ts, through tsx, as the other
 * child-process tests run it), on plain HTTP on a port of its own on 127.0.0.1. It can be
 * restarted on the same port and data; an exit nobody asked for is remembered with the
 * process's last output, and `check()` throws it.
 */
export class InstanceProcess {
  port = 0;
  #child: ChildProcess | undefined;
  #output = '';
  #crash: Error | undefined;

  constructor(
    readonly name: string,
    private readonly options: InstanceProcessOptions,
  ) {}

  output(): string {
    return this.#output;
  }

  /** Throws if the process ended on its own (a crash), with what it printed. */
  check(): void {
    if (this.#crash) throw this.#crash;
  }

  async start(): Promise<void> {
    if (this.port === 0) this.port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env };
    // Nothing of the test run's own database or storage reaches the instance.
    for (const name of ['DATABASE_URL', 'STORAGE_DRIVER', 'S3_BUCKET', 'DATA_DIR', 'DEMO']) {
      delete env[name];
    }
    Object.assign(env, {
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.options.dataDir,
      SWEEP_ON_START: 'false',
      LOG_LEVEL: 'warn',
      ...this.options.env,
    });
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--import', preload, 'apps/server/src/main.ts'],
      { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.#child = child;
    this.#crash = undefined;
    const keep = (chunk: Buffer) => {
      this.#output = (this.#output + chunk.toString()).slice(-outputKept);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', (code, signal) => {
      if (this.#child !== child) return;
      this.#child = undefined;
      this.#crash = new Error(
        `Pinhole ${this.name} exited (${signal ?? code}) while the test ran; its output:\n${this.#output}`,
      );
    });
    await this.#waitUntilReady(this.options.startTimeoutMs ?? 60_000);
  }

  async #waitUntilReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      this.check();
      if (!this.#child) throw new Error(`Pinhole ${this.name} was stopped while starting`);
      try {
        if ((await fetch(`http://127.0.0.1:${this.port}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await this.kill();
        throw new Error(`Pinhole ${this.name} did not start in ${timeoutMs} ms:\n${this.#output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** SIGTERM, as a service manager stops it (it finishes its requests); SIGKILL after 10 s. */
  async stop(): Promise<void> {
    await this.#end('SIGTERM', 10_000);
  }

  /** SIGKILL at once, for the clean-up after a failure. */
  async kill(): Promise<void> {
    await this.#end('SIGKILL', 0);
  }

  async #end(signal: NodeJS.Signals, graceMs: number): Promise<void> {
    const child = this.#child;
    if (!child) return;
    this.#child = undefined;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }
}
