import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from './app';
import { createContext } from './create-context';
import { loadConfig } from './env';
import { loggerOptions } from './logger-options';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-pretty-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('LOG_FORMAT=json (the default) is plain pino: one JSON object a line, no transport', () => {
  expect(loggerOptions(loadConfig({}))).toEqual({ level: 'info' });
  expect(loggerOptions(loadConfig({ LOG_LEVEL: 'warn', LOG_FORMAT: 'json' }))).toEqual({
    level: 'warn',
  });
});

it('LOG_FORMAT=pretty writes one readable line per request through pino-pretty', async () => {
  const logFile = path.join(dataDir, 'pretty.log');
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_FORMAT: 'pretty' });
  const context = await createContext(config);
  const app = await buildApp(context, { logger: loggerOptions(config, logFile) });
  try {
    await app.inject({ method: 'GET', url: '/api/posts?limit=2' });
    app.log.info({ serving: { url: 'http://localhost:3000' } }, 'Pinhole is serving');
    // pino-pretty runs in pino's worker thread and writes when it gets to it.
    await expect
      .poll(() => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''), {
        timeout: 5_000,
      })
      .toContain('Pinhole is serving');
    const lines = fs.readFileSync(logFile, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request GET \/api\/posts\?limit=2 200 [\d.]+ ms \(req-\w+\)$/,
    );
    // The banner's fields repeat its message: left out, so it stays one short line.
    expect(lines[1]).toMatch(/^\[[\d:.]+\] INFO: Pinhole is serving$/);
  } finally {
    await app.close();
    await context.database.close();
    // The transport's worker thread ends with its stream.
    (app.log as unknown as Record<symbol, { end(): void }>)[pino.symbols.streamSym]?.end();
  }
});
