import type { RouteOptions } from 'fastify';

/** Why a route would be missing from the API reference, or null when it is documented. */
export function missingSchema(
  route: Pick<RouteOptions, 'method' | 'url' | 'schema'>,
): string | null {
  const schema = route.schema;
  // Static files and the reference's own pages say so with `hide`; everything else is the API.
  if (schema?.hide) return null;
  if (!schema?.response) return 'declares no response schema';
  if (/[:*]/.test(route.url) && !schema.params) return 'has path parameters but no params schema';
  return null;
}

/**
 * An onRoute hook that refuses, at start-up, any route without schemas: each call the API gains is
 * validated, serialized and documented from its schemas, or the server does not start.
 */
export function requireRouteSchemas(route: RouteOptions): void {
  const problem = missingSchema(route);
  if (problem) {
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    throw new Error(
      `${method} ${route.url} ${problem}: declare its schema (see routes/schemas.ts)`,
    );
  }
}
