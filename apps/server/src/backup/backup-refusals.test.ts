import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipArchive } from '../services/imports/zip-archive';
import { buildZip } from '../test/archives';
import type { TestServer } from '../test/harness';
import {
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';
import { runServerScript } from '../test/server-process';

/**
 * Bad input for `npm run backup` and `npm run restore`: one clear line on stderr, exit code 1,
 * and nothing written where it should not be.
 */

// Each case starts a process with tsx: seconds on a busy machine.
const spawnTimeout = 120_000;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-backup-refusals-'));
let server: TestServer;
/** A good backup of `server`, and its manifest and database, to make bad ones from. */
let goodArchive: string;
let manifest: Record<string, unknown>;
let database: Buffer;

const backup = (args: string[], env: Record<string, string> = { DATA_DIR: server.dataDir }) =>
  runServerScript('backup-cli.ts', ['backup', ...args], env);
const restore = (archive: string, dataDir: string, env: Record<string, string> = {}) =>
  runServerScript('backup-cli.ts', ['restore', archive], { DATA_DIR: dataDir, ...env });

/** Writes `bytes` as an archive file in the work folder. */
function archiveFile(name: string, bytes: Buffer): string {
  const file = path.join(work, name);
  fs.writeFileSync(file, bytes);
  return file;
}

/** A restore into a folder that did not exist must leave neither it nor a temporary folder. */
function expectNothingLeftIn(parent: string) {
  expect(fs.existsSync(parent) ? fs.readdirSync(parent) : []).toEqual([]);
}

beforeAll(async () => {
  server = await startTestServer('sqlite');
  const user = await signUpUser(server);
  expect((await uploadPost(server, user, await makeJpeg(320, 240))).status).toBe(201);
  goodArchive = path.join(work, 'good.zip');
  const made = await backup([goodArchive]);
  expect(made.code).toBe(0);
  const zip = await ZipArchive.open(goodArchive);
  try {
    manifest = JSON.parse(
      (await zip.read(zip.entries.get('manifest.json')!, 1 << 20)).toString(),
    ) as Record<string, unknown>;
    database = await zip.read(zip.entries.get('database.sqlite')!, 1 << 30);
  } finally {
    zip.close();
  }
}, spawnTimeout);

afterAll(async () => {
  await disposeTestServer(server);
  fs.rmSync(work, { recursive: true, force: true });
});

describe('npm run restore refuses', () => {
  it(
    'a DATA_DIR that is not empty, leaving its files as they were',
    async () => {
      const target = path.join(work, 'occupied');
      fs.mkdirSync(target);
      fs.writeFileSync(path.join(target, 'pinhole.db'), 'precious');
      const ran = await restore(goodArchive, target);
      expect(ran).toMatchObject({ code: 1, stdout: '' });
      expect(ran.stderr).toBe(
        `DATA_DIR ${target} is not empty (1 entry): restore only into an empty or new folder; nothing was changed`,
      );
      expect(fs.readdirSync(target)).toEqual(['pinhole.db']);
      expect(fs.readFileSync(path.join(target, 'pinhole.db'), 'utf8')).toBe('precious');
    },
    spawnTimeout,
  );

  it(
    'a truncated archive',
    async () => {
      const bytes = fs.readFileSync(goodArchive);
      const truncated = archiveFile('truncated.zip', bytes.subarray(0, bytes.length - 200));
      const parent = path.join(work, 'after-truncated');
      const ran = await restore(truncated, path.join(parent, 'data'));
      expect(ran.code).toBe(1);
      expect(ran.stderr).toMatch(new RegExp(`^${truncated} is damaged or not a zip archive: `));
      expectNothingLeftIn(parent);
    },
    spawnTimeout,
  );

  it(
    'a zip that is not a Pinhole backup, and one with a foreign manifest',
    async () => {
      const photos = archiveFile(
        'photos.zip',
        await buildZip([{ name: 'holiday.jpg', data: await makeJpeg(32, 32) }]),
      );
      const parent = path.join(work, 'after-foreign');
      const ran = await restore(photos, path.join(parent, 'data'));
      expect(ran).toMatchObject({
        code: 1,
        stderr: `${photos} is not a Pinhole backup: it holds "holiday.jpg", which a backup never does`,
      });
      const other = archiveFile(
        'other.zip',
        await buildZip([{ name: 'manifest.json', data: '{"format":"someone-else","version":3}' }]),
      );
      const second = await restore(other, path.join(parent, 'data'));
      expect(second).toMatchObject({
        code: 1,
        stderr: `${other} is not a Pinhole backup: its manifest is of another format`,
      });
      expectNothingLeftIn(parent);
    },
    spawnTimeout,
  );

  it(
    'an archive of a newer backup format',
    async () => {
      const newer = archiveFile(
        'newer.zip',
        await buildZip([
          { name: 'manifest.json', data: JSON.stringify({ ...manifest, format_version: 2 }) },
          { name: 'database.sqlite', data: database },
        ]),
      );
      const parent = path.join(work, 'after-newer');
      const ran = await restore(newer, path.join(parent, 'data'));
      expect(ran.code).toBe(1);
      expect(ran.stderr).toBe(
        `${newer} was made by a newer Pinhole (backup format 2; this version reads up to 1): restore it with that version or a later one`,
      );
      expectNothingLeftIn(parent);
    },
    spawnTimeout,
  );

  it(
    'an entry whose path leads out of the folder (zip slip), writing nothing',
    async () => {
      const slip = archiveFile(
        'slip.zip',
        await buildZip([
          { name: 'manifest.json', data: JSON.stringify(manifest) },
          { name: 'database.sqlite', data: database },
          { name: 'PARENT/escaped.txt', data: 'outside' },
        ]),
      );
      const parent = path.join(work, 'after-slip');
      const ran = await restore(slip, path.join(parent, 'data'));
      expect(ran.code).toBe(1);
      expect(ran.stderr).toBe(
        `${slip} is refused: its entry "../escaped.txt" would be written outside the folder (an absolute path or "..")`,
      );
      expectNothingLeftIn(parent);
      expect(fs.existsSync(path.join(work, 'escaped.txt'))).toBe(false);
    },
    spawnTimeout,
  );

  it(
    'a database that fails its integrity check, and counts that do not match the manifest',
    async () => {
      const broken = archiveFile(
        'broken-database.zip',
        await buildZip([
          {
            name: 'manifest.json',
            data: JSON.stringify({
              ...manifest,
              counts: { ...(manifest.counts as object), files: 0 },
            }),
          },
          { name: 'database.sqlite', data: Buffer.alloc(8192, 7) },
        ]),
      );
      const parent = path.join(work, 'after-broken');
      const ran = await restore(broken, path.join(parent, 'data'));
      expect(ran.code).toBe(1);
      expect(ran.stderr).toMatch(
        new RegExp(`^${broken} holds a damaged database \\(integrity check: .*not a database`),
      );
      const missingFiles = archiveFile(
        'missing-files.zip',
        await buildZip([
          { name: 'manifest.json', data: JSON.stringify(manifest) },
          { name: 'database.sqlite', data: database },
        ]),
      );
      const second = await restore(missingFiles, path.join(parent, 'data'));
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(
        new RegExp(`^${missingFiles} is incomplete: its manifest counts \\d+ files, it holds 0$`),
      );
      expectNothingLeftIn(parent);
    },
    spawnTimeout,
  );
});

describe('npm run backup refuses', () => {
  it(
    'a path that cannot be written, with one clear line',
    async () => {
      const missingFolder = path.join(work, 'no-such-folder', 'backup.zip');
      const ran = await backup([missingFolder]);
      expect(ran).toMatchObject({
        code: 1,
        stdout: '',
        stderr: `Cannot write the backup to ${missingFolder}: the folder does not exist`,
      });
      // Under a file (refused for root too, unlike a folder without write permission).
      const underFile = path.join(goodArchive, 'backup.zip');
      const second = await backup([underFile]);
      expect(second.code).toBe(1);
      expect(second.stderr).toBe(
        `Cannot write the backup to ${underFile}: a part of the path is a file, not a folder`,
      );
    },
    spawnTimeout,
  );

  it(
    'to replace an existing file unless --force is given',
    async () => {
      const existing = archiveFile('yesterday.zip', Buffer.from('yesterday'));
      const ran = await backup([existing]);
      expect(ran).toMatchObject({
        code: 1,
        stderr: `${existing} already exists: choose another name, or add --force to replace it`,
      });
      expect(fs.readFileSync(existing, 'utf8')).toBe('yesterday');
      const forced = await backup([existing, '--force']);
      expect(forced.code).toBe(0);
      expect(fs.readFileSync(existing).subarray(0, 2).toString()).toBe('PK');
    },
    spawnTimeout,
  );
});

describe('with PostgreSQL or S3', () => {
  it(
    'both commands say the instance is not theirs to back up, and point to the docs',
    async () => {
      const postgres = { DATABASE_URL: 'postgres://pinhole@127.0.0.1:1/pinhole' };
      const s3 = { DATA_DIR: server.dataDir, STORAGE_DRIVER: 's3', S3_BUCKET: 'pinhole' };
      const target = path.join(work, 'never-made');
      const runs = await Promise.all([
        backup([path.join(work, 'pg.zip')], postgres),
        restore(goodArchive, target, postgres),
        backup([path.join(work, 's3.zip')], s3),
      ]);
      for (const ran of runs) {
        expect(ran.code).toBe(1);
        expect(ran.stderr).toMatch(
          /^This instance uses (PostgreSQL \(DATABASE_URL\)|S3 storage \(STORAGE_DRIVER=s3\)): back it up with pg_dump and a bucket copy as docs\/operations.md "Backup and restore" describes; these commands handle SQLite with local storage only$/,
        );
      }
      expect(fs.existsSync(path.join(work, 'pg.zip'))).toBe(false);
      expect(fs.existsSync(path.join(work, 's3.zip'))).toBe(false);
      expect(fs.existsSync(target)).toBe(false);
    },
    spawnTimeout,
  );
});

it(
  'answers bad usage with the usage line, before opening anything',
  async () => {
    const none = await runServerScript('backup-cli.ts', ['backup'], {});
    expect(none).toMatchObject({ code: 1, stderr: 'Usage: npm run backup -- <file> [--force]' });
    const unknown = await runServerScript('backup-cli.ts', ['copy', 'x'], {});
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('npm run restore -- <file>');
  },
  spawnTimeout,
);

it('root package.json runs both commands through tsx', () => {
  const pkg = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../../../package.json'), 'utf8'),
  ) as { scripts: Record<string, string> };
  expect(pkg.scripts.backup).toBe('tsx apps/server/src/backup-cli.ts backup');
  expect(pkg.scripts.restore).toBe('tsx apps/server/src/backup-cli.ts restore');
});
