import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, inject } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server');

/**
 * Makes someone an admin the way an operator does: `npm run admin -- grant <username>` on the
 * server's machine, against the e2e server's own DATA_DIR (its SQLite database). The e2e
 * instance's first account is whoever the first test file signed up, so it is no use here.
 */
export function grantAdmin(username: string): void {
  const output = execFileSync('npm', ['run', '--silent', 'admin', '--', 'grant', username], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: inject('dataDir'), LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  expect(output).toContain(`@${username} is now an admin`);
}
