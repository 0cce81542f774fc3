import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { requireRouteSchemas } from '../openapi/require-schemas';
import { validatorCompiler } from '../routes/validation';

/** Every route is checked, serialized and documented from its contract schemas. */
export const routeSchemas = fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.addHook('onRoute', requireRouteSchemas);
  },
  { name: 'route-schemas' },
);
