import path from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from './env';
import { mailNotice, startupBanner } from './startup-banner';

it('says where it serves, the SQLite file and the storage folder, in one line', () => {
  const banner = startupBanner(loadConfig({ DATA_DIR: '/srv/pinhole', PORT: '8080' }));
  const file = path.resolve('/srv/pinhole/pinhole.db');
  const folder = path.resolve('/srv/pinhole/storage');
  expect(banner.message).toBe(
    `Pinhole is serving http://localhost:8080 (data: SQLite file ${file}; files: folder ${folder})`,
  );
  expect(banner.serving).toEqual({
    url: 'http://localhost:8080',
    database: `SQLite file ${file}`,
    files: `folder ${folder}`,
    metrics: false,
  });
});

it('names PostgreSQL by host and database (never its password), S3 by bucket, and /metrics', () => {
  const banner = startupBanner(
    loadConfig({
      PUBLIC_URL: 'https://photos.example.org',
      DATABASE_URL: 'postgres://pinhole:hunter2@db.internal:5432/pinhole',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'pinhole-media',
      S3_ENDPOINT: 'https://s3.example.net',
      METRICS_TOKEN: 'token',
    }),
  );
  expect(banner.message).toBe(
    'Pinhole is serving https://photos.example.org (data: PostgreSQL at db.internal:5432/pinhole; ' +
      'files: S3 bucket pinhole-media at s3.example.net; metrics at /metrics)',
  );
  expect(JSON.stringify(banner)).not.toContain('hunter2');
  expect(banner.message).not.toContain('\n');
});

it('tells the admin, after the banner, when no email can be sent and how to give a reset link', () => {
  expect(mailNotice(loadConfig({}))).toBe(
    'No mail server (SMTP_URL is unset): password reset emails cannot be sent. ' +
      'Give a member a reset link with `npm run admin -- reset-link <username>`',
  );
  expect(mailNotice(loadConfig({ SMTP_URL: 'smtp://mail.example:25' }))).toBeNull();
});
