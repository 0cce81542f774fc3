import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');
// Relative, as the default `./data` is: it names a folder under the working directory.
const dataDir = `.sweep-test-${process.pid}`;

afterAll(() => {
  for (const root of [repoRoot, path.join(repoRoot, 'apps/server')]) {
    fs.rmSync(path.join(root, dataDir), { recursive: true, force: true });
  }
});

it('npm run sweep works on the data npm start serves, under the repository root', async () => {
  const environment: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  for (const name of ['DATABASE_URL', 'STORAGE_DRIVER', 'S3_BUCKET']) delete environment[name];
  const { stdout } = await run('npm', ['run', '--silent', 'sweep'], {
    cwd: repoRoot,
    env: environment,
    timeout: 120_000,
  });
  expect(stdout).toContain('Maintenance done.');
  // Not apps/server/<DATA_DIR>: there it made an empty database of its own and swept nothing,
  // while the server's files and rows were never looked at.
  expect(fs.existsSync(path.join(repoRoot, dataDir, 'pinhole.db'))).toBe(true);
  expect(fs.existsSync(path.join(repoRoot, 'apps/server', dataDir))).toBe(false);
}, 150_000);
