import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { AppContext } from '../app-context';
import { createContext } from '../create-context';
import { loadConfig } from '../env';

let context: AppContext;
let app: Awaited<ReturnType<typeof buildApp>>;
const lines: Record<string, unknown>[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-log-'));

beforeAll(async () => {
  context = await createContext(loadConfig({ DATA_DIR: dataDir, PORT: '0' }));
  // The logger `npm start` ships (level info), writing into the test instead of stdout.
  app = await buildApp(context, {
    logger: {
      level: context.config.logLevel,
      stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    },
  });
});
afterAll(async () => {
  await app.close();
  await context.database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('writes one line per request by default, with route, status, duration and request id', async () => {
  lines.length = 0;
  await app.inject({ method: 'GET', url: '/api/posts?limit=2' });
  await app.inject({ method: 'GET', url: '/api/profiles/nobody' });
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatchObject({
    level: 30,
    msg: 'request',
    method: 'GET',
    url: '/api/posts?limit=2',
    route: '/api/posts',
    status: 200,
    reqId: expect.any(String),
    ms: expect.any(Number),
  });
  expect(lines[1]).toMatchObject({ route: '/api/profiles/:id', status: 404 });
});

it('keeps to one line for refusals and unknown paths, each with its own request id', async () => {
  lines.length = 0;
  await app.inject({ method: 'GET', url: '/api/notifications' });
  await app.inject({ method: 'GET', url: '/no-such-path' });
  await app.inject({ method: 'GET', url: '/api/posts?limit=1' });
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatchObject({ msg: 'request', route: '/api/notifications', status: 401 });
  expect(lines[1]).toMatchObject({ msg: 'request', url: '/no-such-path', status: 404 });
  // No route matched: the line says so by leaving it out, not with the raw path.
  expect(lines[1]).not.toHaveProperty('route');
  const ids = lines.map((line) => line.reqId);
  expect(new Set(ids).size).toBe(3);
  for (const line of lines) expect(line.ms).toBeGreaterThanOrEqual(0);
});
