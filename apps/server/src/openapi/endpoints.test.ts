import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endpointMethod, endpoints, endpointSchemas, type EndpointName } from '@pinhole/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createContext } from '../create-context';
import { loadConfig } from '../env';
import { referenceEnv } from './api-doc';

type Operation = { responses: Record<string, { content?: Record<string, unknown> }> };

/** Calls the reference leaves out on purpose: the reference's own page. */
const undocumented: ReadonlySet<EndpointName> = new Set(['apiDocs']);

const names = Object.keys(endpoints) as EndpointName[];
const routeOf = (name: EndpointName) => endpoints[name].slice(endpoints[name].indexOf(' ') + 1);
/** `/api/posts/:id` as OpenAPI writes it, `/api/posts/{id}`. */
const openApiPath = (route: string) => route.replace(/:(\w+)/g, '{$1}');

// The web client's endpoint table against the routes this server registers: a call renamed,
// moved or dropped on one side fails here, not in a browser.
describe("the web client's endpoint table", () => {
  let dataDir: string;
  let context: Awaited<ReturnType<typeof createContext>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let paths: Record<string, Record<string, Operation>>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-endpoints-'));
    context = await createContext(
      loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...referenceEnv }),
    );
    app = await buildApp(context, { logger: false });
    await app.ready();
    paths = (app.swagger() as unknown as { paths: typeof paths }).paths;
  });
  afterAll(async () => {
    await app.close();
    await context.database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const operationOf = (name: EndpointName): Operation | undefined =>
    paths[openApiPath(routeOf(name))]?.[endpointMethod(name).toLowerCase()];

  it.each(names.filter((name) => !undocumented.has(name)))(
    '%s is a route of the API reference, parameters named alike',
    (name) => {
      expect(operationOf(name), endpoints[name]).toBeDefined();
    },
  );

  it.each([...undocumented])('%s is a route the server answers', (name) => {
    expect(app.hasRoute({ method: endpointMethod(name), url: routeOf(name) })).toBe(true);
  });

  it.each(names.filter((name) => !undocumented.has(name)))(
    '%s has a response schema exactly when the route answers JSON',
    (name) => {
      const successes = Object.entries(operationOf(name)?.responses ?? {}).filter(([status]) =>
        status.startsWith('2'),
      );
      const answersJson = successes.some(([, response]) => response.content?.['application/json']);
      expect('response' in endpointSchemas[name], endpoints[name]).toBe(answersJson);
    },
  );
});
