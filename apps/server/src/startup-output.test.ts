import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSkipped } from './seed/demo';
import { mailNotice } from './startup-banner';
import { freePort } from './test/postgres-cluster';
import { requestTo } from './test/harness';
import { signUpUser } from './test/harness';

// By path: the server runs in a folder of its own (no .env of a developer's checkout to read),
// where `tsx` cannot be found by name.
const tsxLoader = pathToFileURL(
  path.resolve(import.meta.dirname, '../../../node_modules/tsx/dist/loader.mjs'),
).href;
const serverCommand = [
  process.execPath,
  '--import',
  tsxLoader,
  path.resolve(import.meta.dirname, 'main.ts'),
];
const noMailLine = mailNotice({ smtpUrl: undefined }) ?? '';
/** How long a start may take on a loaded machine (tsx compiles the server first). */
const startLimitMs = 40_000;

interface Started {
  /** Everything the server wrote to its standard output until it was stopped. */
  stdout: string;
}

/**
 * `npm start` as a person or a service manager runs it: its standard output a pipe (a log
 * collector) or a terminal (`script` gives it one). Waits until the output holds `until`, then
 * stops the server; `whileUp` runs against it in between.
 */
async function runServer(options: {
  dataDir: string;
  terminal: boolean;
  env?: Record<string, string>;
  until: string;
  whileUp?: (url: string) => Promise<void>;
}): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'STORAGE_DRIVER', 'S3_BUCKET', 'DEMO', 'SMTP_URL']) {
    delete env[name];
  }
  // LOG_FORMAT unset: the server chooses by what reads its output.
  delete env.LOG_FORMAT;
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'info',
    SWEEP_ON_START: 'false',
    RATE_LIMITS: 'false',
    ...options.env,
  });
  const [file, ...args] = options.terminal
    ? ['script', '-qfec', `exec ${serverCommand.join(' ')}`, '/dev/null']
    : serverCommand;
  // Its own process group: stopping it stops `script`'s child too.
  const child = spawn(file ?? '', args, {
    cwd: options.dataDir,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));
  const deadline = Date.now() + startLimitMs;
  try {
    while (!stdout.includes(options.until)) {
      if (!running) throw new Error(`the server exited: ${stdout}\n${stderr}`);
      if (Date.now() > deadline) throw new Error(`no "${options.until}" in: ${stdout}\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await options.whileUp?.(`http://127.0.0.1:${port}`);
  } finally {
    if (running && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  return { stdout };
}

/** The output's lines without a terminal's colours and carriage returns. */
function lines(output: string): string[] {
  return (
    output
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '')
  );
}

describe('the server’s own output (issue 47)', { timeout: startLimitMs + 20_000 }, () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-output-'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes JSON lines to a pipe, the banner and then the warning that no email can be sent', async () => {
    const { stdout } = await runServer({
      dataDir,
      terminal: false,
      until: noMailLine,
      // An account, for the demo test below.
      whileUp: async (url) => void (await signUpUser({ request: requestTo(url) })),
    });
    const entries = lines(stdout).map((line) => JSON.parse(line) as { level: number; msg: string });
    const banner = entries.findIndex((entry) => entry.msg.startsWith('Pinhole is serving'));
    const warning = entries.findIndex((entry) => entry.msg === noMailLine);
    expect(banner, stdout).toBeGreaterThanOrEqual(0);
    expect(warning).toBeGreaterThan(banner);
    expect(entries[warning]?.level).toBe(40);
    expect(noMailLine).toContain('npm run admin -- reset-link <username>');
  });

  it('writes readable lines, not JSON, to a terminal', async () => {
    const { stdout } = await runServer({ dataDir, terminal: true, until: noMailLine });
    const output = lines(stdout);
    expect(
      output.some((line) => line.trimStart().startsWith('{')),
      stdout,
    ).toBe(false);
    expect(output.find((line) => line.includes('Pinhole is serving http://'))).toMatch(
      /^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: Pinhole is serving/,
    );
    expect(output.find((line) => line.includes(noMailLine))).toMatch(/\] WARN: No mail server/);
  });

  it('says in its log why --demo adds nothing to a database that has accounts', async () => {
    const { stdout } = await runServer({
      dataDir,
      terminal: false,
      env: { DEMO: 'true' },
      until: noMailLine,
    });
    // Still all JSON lines: the demo's word is a log entry like the others.
    const entries = lines(stdout).map((line) => JSON.parse(line) as { msg: string });
    expect(entries.map((entry) => entry.msg)).toContain(demoSkipped);
  });
});
