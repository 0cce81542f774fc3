import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ZipArchive } from '../services/imports/zip-archive';
import type { TestServer } from '../test/harness';
import {
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';
import { migrationNames } from '../db/migrate';
import { createBackup } from './create-backup';

let server: TestServer;
let imageKey: string;
const storageRoot = () => path.join(server.dataDir, 'storage');

beforeAll(async () => {
  server = await startTestServer('sqlite');
  const user = await signUpUser(server);
  const post = await uploadPost(server, user, await makeJpeg(640, 480));
  imageKey = (post.body.image_url as string).replace(/^\/storage\//, '');
});
afterAll(async () => {
  await disposeTestServer(server);
});

async function entryNames(file: string): Promise<string[]> {
  const zip = await ZipArchive.open(file);
  try {
    return [...zip.entries.keys()].sort();
  } finally {
    zip.close();
  }
}

it('holds the manifest, the database and every stored file, and leaves no partial file', async () => {
  const file = path.join(server.dataDir, 'whole.zip');
  const result = await createBackup(server.context.config, file);
  const stored = fs
    .readdirSync(storageRoot(), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(storageRoot(), path.join(entry.parentPath, entry.name)));
  expect(stored.length).toBeGreaterThan(1);
  expect(await entryNames(file)).toEqual(
    ['database.sqlite', 'manifest.json', ...stored.map((key) => `storage/${key}`)].sort(),
  );
  expect(result.manifest).toMatchObject({
    format: 'pinhole-backup',
    format_version: 1,
    schema_version: migrationNames.at(-1),
    counts: { people: 1, posts: 1, likes: 0, sessions: 1, files: stored.length },
    missing_files: 0,
  });
  expect(result.bytes).toBe(fs.statSync(file).size);
  expect(fs.readdirSync(server.dataDir).filter((name) => name.includes('partial'))).toEqual([]);
});

it('counts a file the snapshot names that is deleted before its copy', async () => {
  const file = path.join(server.dataDir, 'missing.zip');
  const result = await createBackup(server.context.config, file, {
    // What a post deleted between the snapshot and the copy of its files leaves.
    afterSnapshot: async () => {
      fs.rmSync(path.join(storageRoot(), imageKey));
    },
  });
  expect(result.manifest.missing_files).toBe(1);
  expect(result.manifest.counts.posts).toBe(1);
  expect(await entryNames(file)).not.toContain(`storage/${imageKey}`);
});

it('stops at a write that fails half way (a full disk) with one line, and leaves no partial file', async () => {
  // Linux's /dev/full answers every write with ENOSPC: the archive's partial file points there.
  const file = path.join(server.dataDir, 'full.zip');
  fs.symlinkSync('/dev/full', `${file}.partial`);
  await expect(createBackup(server.context.config, file)).rejects.toThrow(
    `Cannot write the backup to ${file}: the disk is full`,
  );
  expect(fs.readdirSync(server.dataDir).filter((name) => name.startsWith('full.zip'))).toEqual([]);
});
