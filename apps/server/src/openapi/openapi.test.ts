import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createContext } from '../create-context';
import { loadConfig } from '../env';
import { disposeTestServer, startTestServer } from '../test/harness';
import { apiDocPath, expectedApiDoc, referenceEnv } from './api-doc';

/** Every call the API promises, as the reference must list it. */
const contractCalls = [
  'get /healthz',
  'get /readyz',
  'get /metrics',
  'post /api/auth/sign-up',
  'post /api/auth/sign-in',
  'post /api/auth/sign-out',
  'post /api/auth/password-reset',
  'post /api/auth/password-reset/confirm',
  'get /api/auth/session',
  'get /api/profiles/by-username/{username}',
  'get /api/profiles/{id}',
  'get /api/profiles/{id}/posts',
  'patch /api/profiles/me',
  'get /api/posts',
  'post /api/posts',
  'get /api/posts/{id}',
  'put /api/posts/{id}/like',
  'delete /api/posts/{id}/like',
  'get /api/posts/{id}/likes',
  'get /api/posts/{id}/comments',
  'post /api/posts/{id}/comments',
  'patch /api/posts/{id}',
  'delete /api/posts/{id}',
  'delete /api/comments/{id}',
  'put /api/posts/{id}/save',
  'delete /api/posts/{id}/save',
  'get /api/me/saved',
  'get /api/profiles/{id}/followers',
  'get /api/profiles/{id}/following',
  'put /api/profiles/{id}/follow',
  'delete /api/profiles/{id}/follow',
  'get /api/me/follow-requests',
  'post /api/me/follow-requests/{profileId}/approve',
  'delete /api/me/follow-requests/{profileId}',
  'get /api/suggestions',
  'get /api/search',
  'get /api/hashtags/{name}/posts',
  'get /api/explore',
  'get /api/filters',
  'get /api/profiles/{id}/tagged',
  'post /api/auth/password',
  'get /api/auth/sessions',
  'delete /api/auth/sessions',
  'delete /api/auth/sessions/{id}',
  'put /api/profiles/me/avatar',
  'delete /api/profiles/me/avatar',
  'delete /api/me',
  'get /api/me/export',
  'post /api/me/import',
  'get /api/me/import/{id}',
  'get /api/push/key',
  'post /api/push/subscriptions',
  'delete /api/push/subscriptions',
  'get /api/me/notification-settings',
  'put /api/me/notification-settings',
  'get /api/notifications',
  'post /api/notifications/read',
  'get /api/events',
  'get /api/stories',
  'post /api/stories',
  'get /api/stories/{id}',
  'put /api/stories/{id}/view',
  'get /api/stories/{id}/viewers',
  'delete /api/stories/{id}',
  'post /api/reports',
  'get /api/instance',
  'get /api/admin/reports',
  'post /api/admin/reports/{id}/resolve',
  'post /api/admin/users/{id}/suspend',
  'post /api/admin/users/{id}/unsuspend',
  'get /api/admin/users',
  'get /api/admin/stats',
  'post /api/admin/invites',
  'put /api/admin/instance',
  'get /api/admin/invites',
  'get /api/admin/audit',
  'get /api/admin/domains',
  'put /api/admin/domains/{domain}',
  'delete /api/admin/domains/{domain}',
  'put /api/profiles/{id}/block',
  'delete /api/profiles/{id}/block',
  'get /api/me/blocks',
  'get /api/conversations',
  'post /api/conversations',
  'get /api/conversations/{id}/messages',
  'post /api/conversations/{id}/messages',
  'post /api/conversations/{id}/read',
  'post /api/conversations/{id}/accept',
  'put /api/conversations/{id}/mute',
  'delete /api/conversations/{id}',
  'delete /api/messages/{id}',
  'put /api/me/messaging',
  'get /storage/{*}',
];

describe('route schemas', () => {
  let dataDir: string;
  let context: Awaited<ReturnType<typeof createContext>>;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-schemas-'));
    context = await createContext(
      loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' }),
    );
  });
  afterAll(async () => {
    await context.database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // The app checks each route as it is registered (onRoute): one without schemas stops start-up.
  const startWith = async (addRoute: (app: Awaited<ReturnType<typeof buildApp>>) => void) => {
    const app = await buildApp(context, { logger: false });
    try {
      addRoute(app);
      await app.ready();
    } finally {
      await app.close();
    }
  };

  it('refuses to start with a route that declares no response schema', async () => {
    await expect(
      startWith((app) => app.get('/api/undocumented', async () => ({ ok: true }))),
    ).rejects.toThrow('GET /api/undocumented declares no response schema');
  });

  it('refuses a route with path parameters but no params schema', async () => {
    await expect(
      startWith((app) =>
        app.get('/api/things/:id', { schema: { response: {} } }, async () => ({ ok: true })),
      ),
    ).rejects.toThrow('GET /api/things/:id has path parameters but no params schema');
  });

  it('lets a route out of the reference only when it says so (static files, the docs)', async () => {
    await expect(
      startWith((app) => app.get('/hidden', { schema: { hide: true } }, async () => 'x')),
    ).resolves.toBeUndefined();
  });
});

describe('the API reference', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer('sqlite', referenceEnv);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('serves /api/openapi.json as a valid OpenAPI 3.1 document', async () => {
    const response = await server.request('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\.1\./);
    const validator = new Validator();
    const result = await validator.validate(response.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every call of the contract with its success and error responses', async () => {
    const { body } = await server.request('/api/openapi.json');
    const operations = Object.entries(body.paths as Record<string, Record<string, any>>).flatMap(
      ([pathname, methods]) => Object.keys(methods).map((method) => `${method} ${pathname}`),
    );
    expect(operations.sort()).toEqual([...contractCalls].sort());
    for (const [pathname, methods] of Object.entries(body.paths as Record<string, any>)) {
      for (const [method, operation] of Object.entries(methods as Record<string, any>)) {
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.some((status) => status.startsWith('2')),
          `${method} ${pathname}`,
        ).toBe(true);
        if (pathname !== '/healthz') expect(statuses, `${method} ${pathname}`).toContain('500');
        for (const status of statuses.filter(
          (status) => /^[45]/.test(status) && status !== '416',
        )) {
          expect(operation.responses[status].content['application/json'].schema).toEqual({
            $ref: '#/components/schemas/Error',
          });
        }
      }
    }
  });

  it('documents the shapes from the contracts, the upload as multipart', async () => {
    const { body } = await server.request('/api/openapi.json');
    const schemas = body.components.schemas;
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['Post', 'PostPage', 'Profile', 'Comment', 'Error', 'AuthResponse']),
    );
    expect(Object.keys(schemas.Post.properties)).toEqual(
      expect.arrayContaining([
        'id',
        'image',
        'images',
        'caption',
        'edited_at',
        'liked_by_me',
        'saved_by_me',
        'comments_preview',
      ]),
    );
    const upload = body.paths['/api/posts'].post.requestBody.content;
    expect(Object.keys(upload)).toEqual(['multipart/form-data']);
    expect(upload['multipart/form-data'].schema.properties.image).toMatchObject({
      type: 'array',
      items: { type: 'string', format: 'binary' },
      maxItems: 10,
    });
    const signUp = body.paths['/api/auth/sign-up'].post.requestBody.content['application/json'];
    expect(signUp.schema.required).toEqual(['full_name', 'username', 'email', 'password']);
    const feed = body.paths['/api/posts'].get;
    expect(feed.parameters.map((parameter: { name: string }) => parameter.name)).toEqual([
      'limit',
      'offset',
      'cursor',
      'feed',
    ]);
    expect(feed.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/PostPage',
    });
  });

  it('serves a readable reference at /api/docs under the app CSP (scripts from self only)', async () => {
    const page = await server.request('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(page.text).not.toMatch(/<script>|<script [^>]*>[^<\s]/);
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src, 'served from this server').toMatch(/^(\.\/|\/api\/docs\/)/);
      const asset = await server.request(new URL(src!, `${server.url}/api/docs/`).pathname);
      expect(asset.status, src).toBe(200);
      expect(asset.headers.get('content-type')).toContain('javascript');
    }
    const json = await server.request('/api/docs/json');
    expect(json.body.openapi).toMatch(/^3\.1\./);
  });

  it('keeps docs/api.md in step with the routes (run `npm run docs:api` after changing one)', async () => {
    const current = fs.readFileSync(apiDocPath, 'utf8');
    const { body } = await server.request('/api/openapi.json');
    expect(current).toContain('/api/openapi.json');
    expect(current).toContain('/api/docs');
    expect(current).toBe(await expectedApiDoc(current, body));
  });
});
