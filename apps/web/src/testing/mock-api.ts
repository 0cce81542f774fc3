import { vi } from 'vitest';

type Handler = (request: {
  url: URL;
  method: string;
  body: unknown;
}) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function apiError(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status);
}

/** A promise with its resolve handle, to hold a response until the test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Stubs the global fetch with a tiny router: keys are `METHOD /path` (query string ignored).
 * Unknown routes answer 404 so a forgotten route shows up as a failing assertion, not a hang.
 */
export function mockApi(routes: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(urlOf(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const route = routes[`${method} ${url.pathname}`];
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (route === undefined) return apiError(404, 'not_found', 'Not found');
    if (typeof route === 'function') return (route as Handler)({ url, method, body });
    if (route instanceof Response) return route.clone();
    return json(route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to a route, as `[url, init]` pairs. */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([input, init]) => {
    const url = new URL(urlOf(input), 'http://localhost');
    return url.pathname === path && (init?.method ?? 'GET').toUpperCase() === method;
  });
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** The JSON body of the `index`th call to a route. */
export function sentJson(
  fetchMock: ReturnType<typeof mockApi>,
  method: string,
  path: string,
  index = 0,
): unknown {
  const body = callsTo(fetchMock, method, path)[index]?.[1]?.body;
  return typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined;
}

/** The URL of the `index`th call to a route, query string included. */
export function sentUrl(
  fetchMock: ReturnType<typeof mockApi>,
  method: string,
  path: string,
  index = 0,
): URL {
  const input = callsTo(fetchMock, method, path)[index]?.[0];
  if (input === undefined) throw new Error(`no ${method} ${path} call`);
  return new URL(urlOf(input), 'http://localhost');
}
