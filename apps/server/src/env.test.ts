import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readEnvironment } from './env';

describe('loadConfig', () => {
  it('defaults to port 3000, ./data, SQLite and local storage', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.database).toEqual({
      kind: 'sqlite',
      file: path.resolve('data/pinhole.db'),
      queryTimeoutMs: 5000,
    });
    expect(config.storage).toEqual({ driver: 'local', root: path.resolve('data/storage') });
    expect(config.publicUrl.origin).toBe('http://localhost:3000');
  });

  it('reads the video limits: 60 s and 100 MB by default, at most 180 s, tools on PATH', () => {
    expect(loadConfig({}).video).toMatchObject({
      ffmpegPath: 'ffmpeg',
      ffprobePath: 'ffprobe',
      maxSeconds: 60,
      maxBytes: 100 * 1024 * 1024,
    });
    expect(loadConfig({}).video.workers).toBeGreaterThanOrEqual(1);
    const set = loadConfig({
      FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg',
      VIDEO_MAX_SECONDS: '180',
      VIDEO_MAX_MB: '20',
      VIDEO_WORKERS: '1',
    }).video;
    expect(set).toMatchObject({
      ffmpegPath: '/opt/ffmpeg/bin/ffmpeg',
      maxSeconds: 180,
      maxBytes: 20 * 1024 * 1024,
      workers: 1,
    });
    expect(() => loadConfig({ VIDEO_MAX_SECONDS: '181' })).toThrow(/VIDEO_MAX_SECONDS/);
    expect(() => loadConfig({ VIDEO_WORKERS: '0' })).toThrow(/VIDEO_WORKERS/);
  });

  it('federates only with an https PUBLIC_URL, unless FEDERATION=false', () => {
    expect(loadConfig({}).federation).toEqual({
      enabled: false,
      allowPrivateAddresses: false,
      remoteMediaRetentionDays: 30,
    });
    expect(loadConfig({ PUBLIC_URL: 'http://photos.example' }).federation.enabled).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://photos.example' }).federation.enabled).toBe(true);
    expect(
      loadConfig({ PUBLIC_URL: 'https://photos.example', FEDERATION: 'false' }).federation.enabled,
    ).toBe(false);
    expect(
      loadConfig({ FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' }).federation.allowPrivateAddresses,
    ).toBe(true);
    expect(
      loadConfig({ REMOTE_MEDIA_RETENTION_DAYS: '7' }).federation.remoteMediaRetentionDays,
    ).toBe(7);
  });

  it('switches to PostgreSQL for a postgres:// URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@localhost:5432/db',
      DATABASE_POOL_SIZE: '4',
    });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@localhost:5432/db',
      poolSize: 4,
      preparedStatements: true,
      connectTimeoutMs: 3000,
      queryTimeoutMs: 5000,
    });
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://u@localhost:5432/db',
        DATABASE_PREPARED_STATEMENTS: 'false',
      }).database,
    ).toMatchObject({ preparedStatements: false });
  });

  it('reads the dependency timeouts', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@localhost:5432/db',
      DATABASE_CONNECT_TIMEOUT_MS: '1500',
      DATABASE_QUERY_TIMEOUT_MS: '2500',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'b',
      S3_TIMEOUT_MS: '3500',
    });
    expect(config.database).toMatchObject({ connectTimeoutMs: 1500, queryTimeoutMs: 2500 });
    expect(config.storage).toMatchObject({ driver: 's3', timeoutMs: 3500 });
  });

  it('writes JSON logs and has no /metrics unless told otherwise', () => {
    const config = loadConfig({});
    expect(config.logFormat).toBe('json');
    expect(config.metricsToken).toBeUndefined();
  });

  it('writes pretty logs when a person reads the output (a terminal) and LOG_FORMAT is unset', () => {
    expect(loadConfig({}, { stdoutIsTerminal: true }).logFormat).toBe('pretty');
    expect(loadConfig({}, { stdoutIsTerminal: false }).logFormat).toBe('json');
    // Set, it wins either way: a terminal can still ask for JSON, a pipe for pretty lines.
    expect(loadConfig({ LOG_FORMAT: 'json' }, { stdoutIsTerminal: true }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, { stdoutIsTerminal: false }).logFormat).toBe(
      'pretty',
    );
  });

  it('reads LOG_FORMAT and METRICS_TOKEN', () => {
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ METRICS_TOKEN: 's3cret-scrape' }).metricsToken).toBe('s3cret-scrape');
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid environment variable PORT: /],
    [{ PORT: '70000' }, /^Invalid environment variable PORT: /],
    [
      { DATABASE_URL: 'mysql://x' },
      /^Invalid environment variable DATABASE_URL: must start with postgres/,
    ],
    [{ STORAGE_DRIVER: 'ftp' }, /^Invalid environment variable STORAGE_DRIVER: /],
    [{ STORAGE_DRIVER: 's3' }, /^Invalid environment variable S3_BUCKET: is required/],
    [{ PUBLIC_URL: 'not a url' }, /^Invalid environment variable PUBLIC_URL: /],
    [{ LOG_LEVEL: 'loud' }, /^Invalid environment variable LOG_LEVEL: /],
    [{ LOG_FORMAT: 'text' }, /^Invalid environment variable LOG_FORMAT: /],
    [{ LOG_FORMAT: 'PRETTY' }, /^Invalid environment variable LOG_FORMAT: /],
    // An empty token would let an empty `Bearer ` in: a set-but-empty variable is refused.
    [{ METRICS_TOKEN: '' }, /^Invalid environment variable METRICS_TOKEN: /],
    [{ S3_TIMEOUT_MS: '0' }, /^Invalid environment variable S3_TIMEOUT_MS: /],
  ])('names the bad variable in one line: %j', (env, pattern) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(pattern);
    expect((error as Error).message).not.toContain('\n');
  });
});

describe('readEnvironment', () => {
  const withDotEnv = (text: string | null, run: (directory: string) => void) => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-env-'));
    try {
      if (text !== null) fs.writeFileSync(path.join(directory, '.env'), text);
      run(directory);
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  };

  it('reads the .env of the working directory, under what the environment sets', () => {
    withDotEnv('# the port and address\nPORT=8080\nSIGNUPS="invite"\n', (directory) => {
      const read = readEnvironment(directory, { SIGNUPS: 'closed', HOME: '/home/x' });
      expect(read).toMatchObject({ PORT: '8080', SIGNUPS: 'closed', HOME: '/home/x' });
      expect(loadConfig(read).publicUrl.origin).toBe('http://localhost:8080');
    });
  });

  it('is the environment alone without a .env', () => {
    withDotEnv(null, (directory) => {
      expect(readEnvironment(directory, { PORT: '4000' })).toEqual({ PORT: '4000' });
    });
  });
});
