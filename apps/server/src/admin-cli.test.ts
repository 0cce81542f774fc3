import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './test/harness';
import { dialects, disposeTestServer, signUpUser, startTestServer } from './test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// Each run starts a process with tsx: seconds on a busy machine.
const spawnTimeout = 120_000;

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- …` as an operator runs it: a separate process, the server's environment. */
function runAdmin(env: Record<string, string>, args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/admin-cli.ts', ...args],
      { cwd: repoRoot, timeout: 60_000, env: { ...process.env, LOG_LEVEL: 'silent', ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() });
      },
    );
  });
}

describe.each(dialects)('npm run admin on %s', (dialect) => {
  let server: Server;
  let env: Record<string, string>;
  let first: TestUser;
  let alice: TestUser;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    env = server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : { DATA_DIR: server.dataDir };
    first = await signUpUser(server);
    alice = await signUpUser(server);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const role = async (user: TestUser) =>
    (await server.request('/api/auth/session', { token: user.token })).body.user.role as string;

  it(
    'grants and revokes by username, with one clear line and an audit entry',
    async () => {
      const granted = await runAdmin(env, ['grant', `@${alice.username.toUpperCase()}`]);
      expect(granted).toEqual({
        code: 0,
        stdout: `@${alice.username} is now an admin`,
        stderr: '',
      });
      expect(await role(alice)).toBe('admin');
      const audit = await server.request('/api/admin/audit', { token: first.token });
      expect(audit.body.entries[0]).toMatchObject({ action: 'role.grant', actor: null });

      const revoked = await runAdmin(env, ['revoke', alice.username]);
      expect(revoked.stdout).toBe(`@${alice.username} is no longer an admin`);
      expect(await role(alice)).toBe('member');
    },
    spawnTimeout,
  );

  it(
    'fails with a non-zero code and a clear line: unknown account, last admin',
    async () => {
      const unknown = await runAdmin(env, ['grant', 'bob_nobody']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe('No account is called @bob_nobody');
      const last = await runAdmin(env, ['revoke', first.username]);
      expect(last.code).toBe(1);
      expect(last.stderr).toBe('An instance keeps at least one admin');
      expect(await role(first)).toBe('admin');
    },
    spawnTimeout,
  );
});

it(
  'answers bad usage before opening any database: a usage line and a non-zero code',
  async () => {
    // No database is named: a run that opened one would make ./data in the repository.
    const missing = await runAdmin({ DATABASE_URL: 'sqlite:/nonexistent/dir/x.db' }, ['grant']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('Usage: npm run admin -- grant <username>');
    const nonsense = await runAdmin({}, ['promote', 'someone']);
    expect(nonsense.code).toBe(2);
    expect(nonsense.stderr).toContain('Unknown command: promote');
    expect(nonsense.stderr).toContain('npm run admin -- revoke <username>');
  },
  spawnTimeout,
);

it('root package.json runs the command through tsx', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(pkg.scripts.admin).toBe('tsx apps/server/src/admin-cli.ts');
});
