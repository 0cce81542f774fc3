import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkSqliteIntegrity } from '../db/sqlite-snapshot';
import { loadConfig } from '../env';
import type { TestServer } from '../test/harness';
import {
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';
import { createBackup } from './create-backup';
import { restoreBackup } from './restore-backup';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-restore-'));
let server: TestServer;
let archive: string;
let storedFiles: string[];

const filesUnder = (folder: string) =>
  fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();

beforeAll(async () => {
  server = await startTestServer('sqlite');
  const user = await signUpUser(server);
  expect((await uploadPost(server, user, await makeJpeg(400, 300))).status).toBe(201);
  archive = path.join(work, 'backup.zip');
  await createBackup(server.context.config, archive);
  storedFiles = filesUnder(path.join(server.dataDir, 'storage'));
});
afterAll(async () => {
  await disposeTestServer(server);
  fs.rmSync(work, { recursive: true, force: true });
});

it('restores into an existing empty folder: the database and every stored file, nothing else', async () => {
  const dataDir = path.join(work, 'empty');
  fs.mkdirSync(dataDir);
  const { manifest } = await restoreBackup(loadConfig({ DATA_DIR: dataDir }), archive);
  expect(manifest.counts).toMatchObject({ people: 1, posts: 1, files: storedFiles.length });
  expect(fs.readdirSync(dataDir).sort()).toEqual(['pinhole.db', 'storage']);
  expect(filesUnder(path.join(dataDir, 'storage'))).toEqual(storedFiles);
  expect(checkSqliteIntegrity(path.join(dataDir, 'pinhole.db'))).toBe('ok');
});

it('puts the database where DATABASE_URL=sqlite:… says, and refuses to replace one there', async () => {
  const dataDir = path.join(work, 'files-only');
  const databaseFile = path.join(work, 'elsewhere', 'pinhole.sqlite');
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: `sqlite:${databaseFile}` });
  await restoreBackup(config, archive);
  expect(fs.readdirSync(dataDir)).toEqual(['storage']);
  expect(checkSqliteIntegrity(databaseFile)).toBe('ok');

  const again = loadConfig({
    DATA_DIR: path.join(work, 'second'),
    DATABASE_URL: `sqlite:${databaseFile}`,
  });
  await expect(restoreBackup(again, archive)).rejects.toThrow(
    `${databaseFile} already exists: restore only where there is no database`,
  );
  expect(fs.existsSync(path.join(work, 'second'))).toBe(false);
});
