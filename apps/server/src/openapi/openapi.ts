import swagger from '@fastify/swagger';
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import serverPackage from '../../package.json' with { type: 'json' };
import { apiComponents } from './components';

const statusDescriptions: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  206: 'Partial content',
  304: 'Not modified',
  400: 'Invalid input (`validation_error`)',
  401: 'Not signed in (`unauthenticated`)',
  403: 'Refused: a request from another site (`forbidden`)',
  404: 'Not found (`not_found`)',
  409: 'Email or username taken (`conflict`)',
  413: 'Body or file too large (`file_too_large`)',
  415: 'Not JSON, or not an image (`unsupported_media_type`)',
  416: 'Range not satisfiable',
  429: 'Too many requests (`rate_limited`, with `Retry-After`)',
  500: 'Unexpected failure (`internal`)',
  503: 'Busy, or the database or storage is unavailable (`unavailable`, with `Retry-After`)',
  507: 'The disk or object store is full (`insufficient_storage`, with `Retry-After`)',
};

/**
 * The type provider reads metadata only from the registry it is given, so the descriptions and
 * formats the contracts attach with `.describe()` / `.meta()` (zod's global registry) are merged
 * here; a response without a body (`z.undefined()`) is `null`, which the reference shows as none.
 */
const zodToJsonConfig: { override: (context: OverrideContext) => void } = {
  override: ({ zodSchema, jsonSchema }) => {
    // An id there would name a component the document does not define.
    const meta = { ...z.globalRegistry.get(zodSchema) };
    delete meta.id;
    Object.assign(jsonSchema, meta);
    if (zodSchema._zod.def.type === 'undefined') jsonSchema.type = 'null';
  },
};
type OverrideContext = { zodSchema: z.core.$ZodType; jsonSchema: z.core.JSONSchema.BaseSchema };

const zodTransform = createJsonSchemaTransform({ schemaRegistry: apiComponents, zodToJsonConfig });

interface ContentBody {
  content: Record<string, { schema: z.ZodType }>;
}
const isContentBody = (body: unknown): body is ContentBody =>
  typeof body === 'object' && body !== null && 'content' in body;

/**
 * Turns a route's zod schemas into JSON Schema. On top of the type provider's transform: a body
 * given per content type (the multipart upload) is converted too, and every response gets a
 * description of what its status means.
 */
const transform: SwaggerTransform = (document) => {
  const { body, ...rest } = document.schema as FastifySchema & { body?: unknown };
  const converted = zodTransform({
    ...document,
    schema: isContentBody(body) ? rest : document.schema,
  });
  const schema = converted.schema as FastifySchema & { response?: Record<string, object> };
  if (isContentBody(body)) {
    const content: Record<string, { schema: unknown }> = {};
    for (const [type, entry] of Object.entries(body.content)) {
      content[type] = {
        schema: zodTransform({ ...document, schema: { body: entry.schema } }).schema.body,
      };
    }
    schema.body = { content };
  }
  for (const [status, response] of Object.entries(schema.response ?? {})) {
    if (!('description' in response) && statusDescriptions[status]) {
      schema.response![status] = { ...response, description: statusDescriptions[status] };
    }
  }
  return { schema, url: converted.url };
};

/**
 * The type provider emits each registered shape twice, as read (`PostInput`) and as written
 * (`Post`); the API only answers with these shapes, so the unreferenced copies are dropped.
 */
function withoutUnusedComponents(document: OpenApiDocument): OpenApiDocument {
  const { components } = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = { ...components?.schemas };
  const withSchemas = () => ({ ...document, components: { ...components, schemas } });
  let changed = true;
  while (changed) {
    changed = false;
    const text = JSON.stringify(withSchemas());
    for (const name of Object.keys(schemas)) {
      if (!text.includes(`"#/components/schemas/${name}"`)) {
        delete schemas[name];
        changed = true;
      }
    }
  }
  return withSchemas() as OpenApiDocument;
}
type OpenApiDocument = ReturnType<SwaggerTransformObject>;

/** Collects every route's schema from here on; registered before the routes it documents. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Pinhole API',
        version: serverPackage.version,
        description:
          'The HTTP API of Pinhole, a self-hostable photo-sharing app. JSON in and out, except the ' +
          'photo upload (multipart) and stored files. Errors share one shape (`Error`).',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'pinhole_session' },
          bearer: { type: 'http', scheme: 'bearer', description: 'The session token' },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN' },
        },
      },
      security: [{ session: [] }, { bearer: [] }, {}],
    },
    transform,
    transformObject: (document) =>
      withoutUnusedComponents(
        createJsonSchemaTransformObject({ schemaRegistry: apiComponents, zodToJsonConfig })(
          document,
        ),
      ),
  });
}

/** `/api/openapi.json` and the readable reference at `/api/docs` (Swagger UI, served locally). */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { deepLinking: true, validatorUrl: null },
    theme: { title: 'Pinhole API reference' },
  });
}
