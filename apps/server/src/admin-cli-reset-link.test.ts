import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './test/harness';
import { disposeTestServer, signUpUser, startTestServer } from './test/harness';

const run = promisify(execFile);
const serverRoot = path.resolve(import.meta.dirname, '..');
// By path: a run from another working directory cannot find `tsx` by name.
const tsxLoader = pathToFileURL(
  path.resolve(serverRoot, '../../node_modules/tsx/dist/loader.mjs'),
).href;

describe('npm run admin -- reset-link', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let alice: TestUser;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    alice = await signUpUser(server, { username: 'cli_alice' });
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  // The command runs as its own process on the same SQLite file, as an operator would run it.
  const admin = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/admin-cli.ts', ...args], {
      cwd: serverRoot,
      env: {
        ...process.env,
        DATA_DIR: server.dataDir,
        PUBLIC_URL: 'https://photos.example',
        DATABASE_URL: `sqlite:${path.join(server.dataDir, 'pinhole.db')}`,
        LOG_LEVEL: 'silent',
      },
    });

  it('prints a link that sets a new password once', async () => {
    const { stdout } = await admin('reset-link', '@cli_alice');
    const match =
      /^Password reset link for @cli_alice \(valid 1 hour\): (https:\/\/photos\.example\/accounts\/password\/reset\?token=([\w-]+))\n$/.exec(
        stdout,
      );
    expect(match, stdout).not.toBeNull();
    const token = match?.[2] ?? '';
    const confirm = () =>
      server.request('/api/auth/password-reset/confirm', {
        method: 'POST',
        json: { token, new_password: 'set-by-the-admin-link' },
      });
    expect((await confirm()).status).toBe(204);
    expect((await confirm()).status).toBe(400);
    const signIn = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: alice.email, password: 'set-by-the-admin-link' },
    });
    expect(signIn.status).toBe(200);
  });

  it('builds the link from the same .env the server reads (its PORT), not localhost:3000', async () => {
    // An operator's checkout: `.env` at the root says the port; nothing else repeats it.
    const checkout = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-checkout-'));
    try {
      fs.writeFileSync(
        path.join(checkout, '.env'),
        `PORT=4567\nDATA_DIR=${server.dataDir}\nLOG_LEVEL=silent\n`,
      );
      const environment = { ...process.env };
      for (const name of ['PORT', 'PUBLIC_URL', 'DATA_DIR', 'DATABASE_URL']) {
        delete environment[name];
      }
      const { stdout } = await run(
        process.execPath,
        [
          '--import',
          tsxLoader,
          path.join(serverRoot, 'src/admin-cli.ts'),
          'reset-link',
          'cli_alice',
        ],
        { cwd: checkout, env: environment },
      );
      expect(stdout).toMatch(/: http:\/\/localhost:4567\/accounts\/password\/reset\?token=/);
    } finally {
      fs.rmSync(checkout, { recursive: true, force: true });
    }
  });

  it('says so for an unknown username or a missing one, exiting 1', async () => {
    // Three processes at once: each pays tsx's start-up.
    await Promise.all([
      expect(admin('reset-link', 'nobody_here')).rejects.toMatchObject({
        code: 1,
        stderr: 'No account with the username @nobody_here\n',
      }),
      expect(admin('reset-link')).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('Usage: npm run admin -- reset-link <username>'),
      }),
      expect(admin('no-such-command')).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('npm run admin -- reset-link <username>'),
      }),
    ]);
  });
});
