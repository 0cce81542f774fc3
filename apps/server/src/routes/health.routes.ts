import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

export function healthRoutes(app: FastifyInstance, context: AppContext): void {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    try {
      await Promise.all([context.database.ping(), context.storage.ping()]);
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ error: { code: 'unavailable', message: 'Not ready' } });
    }
  });
}
