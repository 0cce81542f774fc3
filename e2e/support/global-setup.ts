import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const chromiumPath = '/usr/bin/chromium';

function ensureChromium(): void {
  if (fs.existsSync(chromiumPath)) return;
  console.log('e2e: installing Debian chromium (apt-get)...');
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, child: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // still building or starting
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become healthy');
}

export interface ProductOptions {
  /** Seeds the demo community first, as `npm start -- --demo` does. */
  demo?: boolean;
  /**
   * The configuration `npm start` ships (info logging, rate limits on), for measurements; the
   * journeys otherwise sign up many people from one address and quiet the log.
   */
  shipped?: boolean;
  /** Where the server's output goes: the test's output, or nowhere. */
  output?: 'inherit' | 'ignore';
  /** More environment for this server (e.g. `SMTP_URL` for the password-reset journey). */
  env?: Record<string, string>;
}

/** Starts the product exactly as `npm start` does, on a temp DATA_DIR and a free port. */
export async function startProduct({
  demo = false,
  shipped = false,
  output = 'inherit',
  env: extraEnv = {},
}: ProductOptions = {}): Promise<{
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
  };
  if (!shipped) {
    env.LOG_LEVEL = 'warn';
    // Every journey signs up from 127.0.0.1; the limits have their own tests.
    env.RATE_LIMITS = 'false';
  }
  Object.assign(env, extraEnv);
  const child = spawn(
    process.execPath,
    [path.join(root, 'scripts/start.mjs'), ...(demo ? ['--demo'] : [])],
    { cwd: root, env, stdio: ['ignore', output, output] },
  );
  await waitForHealth(baseUrl, child);
  return {
    baseUrl,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        if (child.exitCode !== null) resolve(null);
        else child.once('exit', resolve);
      });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  ensureChromium();
  const product = await startProduct();
  project.provide('baseUrl', product.baseUrl);
  project.provide('dataDir', product.dataDir);
  return () => product.stop();
}
