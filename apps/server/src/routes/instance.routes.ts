import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { instanceSchema } from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { errorResponses } from './schemas';

/**
 * `GET /api/instance`: what the instance says of itself (`/about`) and what a signed-out
 * visitor's forms need (the sign-up mode). Public.
 */
export function instanceRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '',
      {
        schema: {
          summary: 'This instance: its name, description, rules, contact, numbers and sign-up mode',
          tags: ['instance'],
          response: { 200: instanceSchema, ...errorResponses() },
        },
      },
      async () => context.services.instance.get(),
    );
  };
}
