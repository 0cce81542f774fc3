import path from 'node:path';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import Fastify, { LogController } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context';
import { sendError, toAppError } from './errors';
import { registerFederation } from './federation/federation.plugin';
import { loggerOptions } from './logger-options';
import { registerApiReference, registerOpenApi } from './openapi/openapi';
import { appPages } from './pages/app-page.routes';
import { shareTargetRoutes } from './pages/share-target.routes';
import { backgroundErrors } from './plugins/background-errors';
import { compression } from './plugins/compression';
import { errorHandler } from './plugins/error-handler';
import { missIsPage, notFoundAnswers } from './plugins/not-found';
import { originChecking } from './plugins/origin-check';
import { rateLimiting } from './plugins/rate-limit';
import { jsonBodies, multipartBodies } from './plugins/request-bodies';
import { requestLog, requestMetrics } from './plugins/request-log';
import { routeSchemas } from './plugins/route-schemas';
import { createSecurityHeaders, securityHeaders } from './plugins/security-headers';
import { staticFiles } from './plugins/static-files';
import { apiRoutes } from './routes/api.routes';
import { healthRoutes } from './routes/health.routes';
import { metricsRoutes } from './routes/metrics.routes';
import { storageRoutes } from './routes/storage.routes';

/** JSON bodies are small (a comment is at most 2200 characters); anything larger is refused unread. */
const jsonBodyLimit = 64 * 1024;

/**
 * The whole server: the cross-cutting concerns (src/plugins/, one file each, in the order their
 * hooks must run), then the API, stored files, the API reference, the built client and its pages.
 */
export async function buildApp(
  context: AppContext,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<FastifyInstance> {
  const { config, metrics } = context;
  // The client's pages, when there is a built client to serve (an API-only server has none).
  const pages = config.webDistDir
    ? appPages(context, path.join(config.webDistDir, 'index.html'))
    : undefined;
  const headers = createSecurityHeaders(config);
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: jsonBodyLimit,
    trustProxy: config.trustProxy,
    // Keep-alive connections that are idle are closed at shutdown; busy ones finish first.
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
    // Fastify logs two lines per request (received, completed); plugins/request-log.ts writes one.
    logController: new LogController({ disableRequestLogging: true }),
    // A path the router cannot read (bad percent-encoding, an over-long segment) runs no hook:
    // it gets the security headers here, and the API's error shape or the not-found page.
    frameworkErrors: (error, request, reply) => {
      headers(request.raw, reply.raw, () => {
        if (pages && missIsPage(request.method, request.url)) {
          void pages.sendUnreadable(request, reply);
        } else {
          void sendError(reply, toAppError(error));
        }
      });
    },
  }).withTypeProvider<ZodTypeProvider>();

  await app.register(requestLog);
  if (metrics) await app.register(requestMetrics, { metrics });
  await app.register(routeSchemas);
  await app.register(jsonBodies);
  await app.register(securityHeaders, { headers });
  await app.register(compression);
  await app.register(cookie);
  await app.register(multipartBodies);
  await app.register(rateLimiting, { config });
  await app.register(errorHandler);
  await app.register(originChecking, { config });
  // ActivityPub paths go to Fedify before any body is parsed (federation/fastify-adapter.ts).
  registerFederation(app, context);
  await app.register(backgroundErrors, { context });
  // Pushes go out from the queue the whole time the server runs; failures there are only logged.
  context.services.pushDeliveries.reportErrorsTo((error) =>
    app.log.warn({ err: error }, 'sending pushes failed'),
  );
  context.services.pushDeliveries.start();
  app.addHook('onClose', () => context.services.pushDeliveries.close());
  // Videos are transcoded from the database's queue the whole time (nothing without ffmpeg).
  context.services.videoJobs.reportErrorsTo((error) =>
    app.log.warn({ err: error }, 'transcoding a video failed'),
  );
  context.services.videoJobs.start();
  app.addHook('onClose', () => context.services.videoJobs.close());
  app.decorateRequest('viewer', null);

  await registerOpenApi(app);
  await app.register(healthRoutes(context));
  if (metrics && config.metricsToken)
    await app.register(metricsRoutes(metrics, config.metricsToken));
  await app.register(apiRoutes(context), { prefix: '/api' });
  await app.register(storageRoutes(context), { prefix: '/storage' });
  await registerApiReference(app);

  await app.register(staticFiles, { webDist: config.webDistDir });
  if (pages) await app.register(pages.routes);
  await app.register(shareTargetRoutes);
  await app.register(notFoundAnswers, { pages });

  return app;
}
