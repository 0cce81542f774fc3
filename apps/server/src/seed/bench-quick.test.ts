import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-bench-test-'));

afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

const feedLikesAndFollows = (database: string) => [
  `${database}.feed.out.p1`,
  `${database}.feed.out.p1.br`,
  `${database}.feed.out.deep`,
  `${database}.feed.in.p1`,
  `${database}.feed.in.deep`,
  `${database}.feed.in.p1.writes`,
  `${database}.feed.in.p1.writes.elsewhere`,
  `${database}.likes`,
  `${database}.likes.check`,
  `${database}.feed.following.p1`,
  `${database}.feed.following.deep`,
  `${database}.suggestions`,
  `${database}.search`,
  `${database}.hashtag.p1`,
  `${database}.explore.p1`,
  `${database}.stories.trays`,
  `${database}.stories.trays.br`,
  `${database}.stories.views`,
  `${database}.follows`,
  `${database}.follows.check`,
];

/** Every row `npm run bench` prints; this test keeps the benchmark from rotting. */
const expectedRows = [
  'ceiling',
  ...feedLikesAndFollows('sqlite'),
  'sqlite.feed.out.p1.metrics',
  ...feedLikesAndFollows('postgres'),
  'upload.process.p50',
  'upload.process.p95',
  'upload.process.portrait.p50',
  'upload.process.portrait.p95',
  'upload.edited.p50',
  'upload.edited.p95',
  'upload.edited.ratio.p50',
  'upload.edited.ratio.p95',
  'upload.rss.peak',
  'upload.created',
  'upload.busy',
  'upload.carousel.p50',
  'upload.carousel.rss.peak',
  'export.rss.rise',
  'import.posts.seconds',
  'bytes.before',
  'bytes.after',
  'client.js.raw',
  'client.js.gzip',
  'client.css.raw',
  'client.css.gzip',
  'seed.sqlite',
  'server.settle.sqlite',
  'seed.postgres',
  'sqlite.notifications.list',
  'sqlite.events.streams.rss',
  'sqlite.events.like.p99',
  'postgres.notifications.list',
  'postgres.events.like.cross.p99',
];

it('runs the whole benchmark in tiny mode, on SQLite and PostgreSQL, with a number in every row', async () => {
  const out = path.join(outDir, 'bench.json');
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'bench/run.ts', '--tiny', '--postgres', '--no-web-build', '--out', out],
    { cwd: repoRoot, timeout: 170_000, maxBuffer: 16 * 1024 * 1024 },
  );
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    rows: { id: string; value: number | null }[];
    machine: { cpuModel: string; cores: number; ramGb: number; node: string };
  };
  const values = new Map(report.rows.map((row) => [row.id, row.value]));
  expect([...values.keys()].sort()).toEqual([...expectedRows].sort());

  const webBuilt = fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'));
  for (const id of expectedRows) {
    if (id.startsWith('client.') && !webBuilt) continue;
    expect(values.get(id), id).toEqual(expect.any(Number));
  }
  expect(values.get('sqlite.likes.check')).toBe(0);
  expect(values.get('postgres.likes.check')).toBe(0);
  expect(values.get('sqlite.follows.check')).toBe(0);
  expect(values.get('postgres.follows.check')).toBe(0);
  expect(values.get('upload.created')).toBeGreaterThan(0);
  expect(report.machine).toMatchObject({ cores: expect.any(Number), node: process.version });
}, 180_000);
