import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { environmentVariableNames, loadConfig } from './env';
import { argsOf, execForm, parseDockerfile, stageEnv } from './test/dockerfile';
import { startTestServer } from './test/harness';

// No Docker engine runs where the tests run, so the Dockerfile and compose.yaml are checked
// against the code they describe: what can drift when the code changes and the files do not.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

const stages = parseDockerfile(read('Dockerfile'));
const runtime = stages.at(-1)!;
const runtimeEnv = stageEnv(runtime);

interface ComposeService {
  build?: string;
  image?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] };
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
  configs: Record<string, { content: string }>;
}
const compose = parse(read('compose.yaml')) as ComposeFile;
/** What Compose makes of `${NAME:-default}` with nothing set in the environment. */
const withDefaults = (value: string) => value.replace(/\$\{\w+:-([^}]*)\}/g, '$1');
const environmentOf = (service: ComposeService) =>
  Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([name, value]) => [
      name,
      withDefaults(String(value)),
    ]),
  );

describe('the Dockerfile', () => {
  it('builds with the dev dependencies in one stage and runs on a slim Node 24 in another', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const build = stages.find((stage) => stage.name === 'build')!;
    expect(argsOf(build, 'RUN').join('\n')).toMatch(/npm ci\b[\s\S]*npm run build\b.*npm prune/);
    expect(runtime.from).toMatch(/^node:24(\.[\d.]+)?-(\w+-)?slim$/);
    expect(build.from).toBe(runtime.from); // native modules built for the runtime's Node and libc
  });

  it('has what the root preinstall script runs before npm ci', () => {
    const build = stages.find((stage) => stage.name === 'build')!;
    const preinstall = (JSON.parse(read('package.json')) as { scripts: Record<string, string> })
      .scripts.preinstall;
    const needed = preinstall?.match(/[\w./-]+\.m?js\b/g) ?? [];
    const beforeInstall = build.instructions.slice(
      0,
      build.instructions.findIndex((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.args)),
    );
    const copied = beforeInstall
      .filter((i) => i.keyword === 'COPY')
      .flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    for (const file of needed) expect(copied, file).toContain(file);
  });

  it('runs as an unprivileged user', () => {
    const user = argsOf(runtime, 'USER').at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
  });

  it('keeps DATA_DIR on a volume and exposes the port the server listens on', () => {
    expect(runtimeEnv.DATA_DIR).toBe('/data');
    expect(argsOf(runtime, 'VOLUME').join(' ')).toContain(runtimeEnv.DATA_DIR);
    const { NODE_ENV, ...serverEnv } = runtimeEnv;
    expect(NODE_ENV).toBe('production');
    for (const name of Object.keys(serverEnv)) expect(environmentVariableNames).toContain(name);
    expect(argsOf(runtime, 'EXPOSE')).toEqual([String(loadConfig(serverEnv).port)]);
  });

  it('starts the built server that npm start runs', () => {
    const [node, main] = execForm(argsOf(runtime, 'CMD').at(-1)!);
    expect(node).toBe('node');
    expect(read('scripts/start.mjs')).toContain(`'${main}'`);
  });

  it('copies the built client, its renderer, the server bundle and every production dependency', () => {
    const copied = argsOf(runtime, 'COPY')
      .filter((args) => args.startsWith('--from=build'))
      .map((args) => args.split(/\s+/)[1]!.replace(/^\/app\//, ''));
    // The server serves apps/web/dist (main.ts's default, beside its own dist) and renders first
    // screens with dist-ssr/; both are ES modules, as their package.json files declare.
    for (const needed of [
      'apps/server/dist',
      'apps/server/package.json',
      'apps/web/dist',
      'apps/web/dist-ssr',
      'apps/web/package.json',
      'node_modules',
    ]) {
      expect(copied).toContain(needed);
    }
    // Production packages npm installs under a workspace (a version apart from the root's).
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const nested = new Set(
      Object.entries(lock.packages)
        .filter(
          ([location, entry]) =>
            /^(apps|packages)\/[^/]+\/node_modules\//.test(location) && !entry.dev,
        )
        .map(([location]) => location.split('/node_modules/')[0] + '/node_modules'),
    );
    for (const folder of nested) expect(copied).toContain(folder);
    // Everything else it copies is in the repository (build outputs are what start.mjs builds).
    const start = read('scripts/start.mjs');
    for (const source of copied) {
      const isBuilt = /(^|\/)(dist|dist-ssr|node_modules)$/.test(source);
      if (isBuilt) expect(source.includes('node_modules') || start.includes(source)).toBe(true);
      else expect(fs.existsSync(path.join(root, source))).toBe(true);
    }
  });

  it('checks health with a command that passes against a running server and fails without one', async () => {
    // Liveness does not touch the database, so one SQLite server is enough.
    const [node, ...args] = execForm(argsOf(runtime, 'HEALTHCHECK').at(-1)!);
    expect(node).toBe('node');
    const server = await startTestServer('sqlite');
    const env = { ...process.env, PORT: new URL(server.url).port };
    const run = promisify(execFile);
    try {
      await expect(run(process.execPath, args, { env })).resolves.toBeDefined();
    } finally {
      await server.close();
    }
    await expect(run(process.execPath, args, { env })).rejects.toMatchObject({ code: 1 });
  });
});

describe('compose.yaml', () => {
  const { app, db, bucket } = compose.services;
  const appEnv = environmentOf(app!);

  it('builds the Dockerfile and gives it only variables the server reads, in a valid config', () => {
    expect(app!.build).toBe('.');
    for (const name of Object.keys(appEnv)) expect(environmentVariableNames).toContain(name);
    const config = loadConfig(appEnv);
    expect(config.database.kind).toBe('postgres');
    expect(config.storage).toMatchObject({ driver: 's3', forcePathStyle: true });
  });

  it("keeps the app's DATA_DIR on a named volume", () => {
    expect(app!.volumes).toContain(`app-data:${runtimeEnv.DATA_DIR}`);
    expect(compose.volumes).toHaveProperty('app-data');
  });

  it('points the app at its PostgreSQL, with a volume, once its health check passes', () => {
    const url = new URL(appEnv.DATABASE_URL!);
    expect(compose.services).toHaveProperty(url.hostname);
    expect(url.hostname).toBe('db');
    const dbEnv = environmentOf(db!);
    expect(decodeURIComponent(url.username)).toBe(dbEnv.POSTGRES_USER);
    expect(decodeURIComponent(url.password)).toBe(dbEnv.POSTGRES_PASSWORD);
    expect(url.pathname).toBe(`/${dbEnv.POSTGRES_DB}`);
    expect(db!.healthcheck?.test.join(' ')).toContain('pg_isready');
    const dataVolume = db!.volumes?.find((volume) => volume.endsWith(':/var/lib/postgresql/data'));
    expect(compose.volumes).toHaveProperty(dataVolume!.split(':')[0]!);
    expect(app!.depends_on).toMatchObject({ db: { condition: 'service_healthy' } });
  });

  it('points the app at the store, whose keys it holds, after the bucket is made', () => {
    const store = new URL(appEnv.S3_ENDPOINT!);
    expect(compose.services).toHaveProperty(store.hostname);
    const bucketEnv = environmentOf(bucket!);
    expect(bucketEnv).toMatchObject({
      BUCKET: appEnv.S3_BUCKET,
      AWS_ENDPOINT_URL: appEnv.S3_ENDPOINT,
      AWS_ACCESS_KEY_ID: appEnv.S3_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: appEnv.S3_SECRET_ACCESS_KEY,
    });
    expect(app!.depends_on).toMatchObject({
      bucket: { condition: 'service_completed_successfully' },
    });
    const identities = JSON.parse(withDefaults(compose.configs['s3-identities']!.content)) as {
      identities: { credentials: { accessKey: string; secretKey: string }[]; actions: string[] }[];
    };
    expect(identities.identities).toContainEqual(
      expect.objectContaining({
        credentials: [
          { accessKey: appEnv.S3_ACCESS_KEY_ID, secretKey: appEnv.S3_SECRET_ACCESS_KEY },
        ],
        actions: expect.arrayContaining(['Admin', 'Read', 'Write', 'List']),
      }),
    );
  });
});
