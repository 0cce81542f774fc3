import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { inject } from 'vitest';
import { buildApp } from '../app';
import type { AppContext } from '../app-context';
import type { Clock } from '../context';
import { createContext } from '../create-context';
import { loadConfig } from '../env';

export const dialects = ['sqlite', 'postgres'] as const;
export type TestDialect = (typeof dialects)[number];

/** Both databases on local disk, and S3 (s3rver, see test/s3-server.ts) for the files. */
export const storageSetups = [
  { name: 'sqlite, local disk', dialect: 'sqlite', s3: false },
  { name: 'postgres, local disk', dialect: 'postgres', s3: false },
  { name: 'sqlite, S3', dialect: 'sqlite', s3: true },
] as const;

export interface TestServer {
  url: string;
  context: AppContext;
  dataDir: string;
  /**
   * Every SQL statement run for an HTTP request, while it was being answered, since the last
   * `queries.length = 0`. Background work (a queue, a timer a request set) is left out: on a
   * loaded machine its statements would land in a test's window at random.
   */
  queries: string[];
  /** fetch() against the server, with JSON conveniences. */
  request(pathname: string, init?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface RequestOptions {
  method?: string;
  json?: unknown;
  body?: RequestInit['body'];
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** fetch() against a running server (in this process or another), with JSON conveniences. */
export function requestTo(
  url: string,
): (pathname: string, init?: RequestOptions) => Promise<TestResponse> {
  return async (pathname, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof init.json === 'string' ? init.json : JSON.stringify(init.json);
    }
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.cookie) headers.cookie = init.cookie;
    const response = await fetch(url + pathname, { method: init.method ?? 'GET', headers, body });
    const text = await response.text();
    let parsed: unknown = undefined;
    if (response.headers.get('content-type')?.includes('application/json') && text) {
      parsed = JSON.parse(text);
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };
}

/** A fresh, empty database in the test run's PostgreSQL cluster; `drop()` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('postgresUrl');
  const name = `pinhole_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A pool on a test database, for tests that query it without the server. Its errors are
 * listened to as the server's pool does (db/postgres-pool.ts): `drop()` ends connections with
 * `with (force)`, and one that pg-pool was still closing then made the pool emit an 'error' no
 * one heard, an uncaught exception that failed a whole CI run whose tests had all passed.
 */
export function createTestPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

/** A clock a test moves by hand: it stands still at `at` (ms) until set again. */
export class TestClock implements Clock {
  constructor(public at: number = Date.now()) {}
  now(): Date {
    return new Date(this.at);
  }
  set(at: number): void {
    this.at = at;
  }
}

/** The real server on a real database (a temp SQLite file or a fresh PostgreSQL database). */
export async function startTestServer(
  dialect: TestDialect,
  env: Record<string, string> = {},
  reuse?: { dataDir: string; databaseUrl?: string },
  options: { clock?: Clock; logger?: FastifyServerOptions['logger'] } = {},
): Promise<TestServer & { databaseUrl?: string; dropDatabase?: () => Promise<void> }> {
  const dataDir = reuse?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-test-'));
  let databaseUrl = reuse?.databaseUrl;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (dialect === 'postgres' && !databaseUrl) {
    const database = await createPostgresDatabase();
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    // Tests create many users from one address; the rate-limit tests turn this back on.
    RATE_LIMITS: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const queries: string[] = [];
  const answering = new AsyncLocalStorage<{ open: boolean }>();
  const context = await createContext(config, {
    onQuery: (sql) => {
      if (answering.getStore()?.open) queries.push(sql);
    },
    clock: options.clock,
  });
  const app = await buildApp(context, { logger: options.logger ?? false });
  answerInScope(app.server, answering);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;

  const request = requestTo(url);

  return {
    url,
    context,
    dataDir,
    queries,
    request,
    databaseUrl,
    dropDatabase,
    async close() {
      await app.close();
      await context.database.close();
    },
  };
}

/**
 * Runs the server's request handling inside `scope`, open until the response is finished, so
 * that `queries` can tell a request's statements from those of work that outlives it.
 */
function answerInScope(server: Server, scope: AsyncLocalStorage<{ open: boolean }>): void {
  const handlers = server.listeners('request') as ((
    request: IncomingMessage,
    response: ServerResponse,
  ) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const store = { open: true };
    response.once('close', () => {
      store.open = false;
    });
    scope.run(store, () => {
      for (const handle of handlers) handle(request, response);
    });
  });
}

/** Removes what startTestServer made: the PostgreSQL database and the data folder. */
export async function disposeTestServer(
  server: Awaited<ReturnType<typeof startTestServer>>,
): Promise<void> {
  await server.close();
  await server.dropDatabase?.();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

let userCounter = 0;

export interface TestUser {
  id: string;
  token: string;
  cookie: string;
  email: string;
  username: string;
  password: string;
}

export async function signUpUser(
  server: Pick<TestServer, 'request'>,
  overrides: Partial<Record<string, string>> = {},
  forwardedFor?: string,
  headers: Record<string, string> = {},
): Promise<TestUser> {
  userCounter += 1;
  const suffix = `${userCounter}${randomBytes(3).toString('hex')}`;
  const input = {
    email: `user${suffix}@example.com`,
    password: 'secret-password',
    username: `user_${suffix}`,
    full_name: `User ${suffix}`,
    ...overrides,
  };
  const response = await server.request('/api/auth/sign-up', {
    method: 'POST',
    json: input,
    headers: { ...headers, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
  });
  if (response.status !== 201) {
    throw new Error(`sign-up failed: ${response.status} ${response.text}`);
  }
  const setCookie = response.headers.get('set-cookie') ?? '';
  return {
    id: response.body.user.id,
    token: response.body.session.token,
    cookie: setCookie.split(';')[0] ?? '',
    email: input.email,
    username: input.username,
    password: input.password,
  };
}

/**
 * A PNG cut in half: its header passes the checks, its pixels fail to decode (damage found only
 * while decoding). Not a JPEG: a JPEG missing its last rows is accepted, as browsers show it.
 */
export async function makeDamagedPng(width = 600, height = 400): Promise<Buffer> {
  const whole = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/** A real JPEG made by sharp (a gradient), optionally with GPS and camera EXIF. */
export async function makeJpeg(
  width = 800,
  height = 600,
  options: { withGps?: boolean } = {},
): Promise<Buffer> {
  let image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  }).jpeg({ quality: 80 });
  if (options.withGps) {
    image = image.withExif({
      IFD0: { Make: 'PinholeTestCam', Model: 'Model X' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2964/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4020/100',
      },
    });
  }
  return image.toBuffer();
}

export async function uploadPost(
  server: Pick<TestServer, 'request'>,
  user: TestUser | null,
  image: Buffer,
  options: { caption?: string; filename?: string; type?: string } = {},
): Promise<TestResponse> {
  const form = new FormData();
  if (options.caption !== undefined) form.append('caption', options.caption);
  form.append(
    'image',
    new Blob([new Uint8Array(image)], { type: options.type ?? 'image/jpeg' }),
    options.filename ?? 'photo.jpg',
  );
  return server.request('/api/posts', { method: 'POST', body: form, token: user?.token });
}
