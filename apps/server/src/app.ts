import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyServerOptions } from 'fastify';
import Fastify, { LogController } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { AppContext } from './context';
import { dependencyFailure } from './dependency-errors';
import { answerNotFound, notFound, rateLimited, sendError, toAppError } from './errors';
import { loggerOptions } from './logger-options';
import { originCheck } from './origin-check';
import { registerApiReference, registerOpenApi } from './openapi/openapi';
import { requireRouteSchemas } from './openapi/require-schemas';
import { apiRoutes } from './routes/api.routes';
import { isPagePath } from './routes/app-addresses';
import { appPages } from './routes/app-page.routes';
import { healthRoutes } from './routes/health.routes';
import { metricsRoutes } from './routes/metrics.routes';
import { storageRoutes } from './routes/storage.routes';
import { validatorCompiler } from './routes/validation';

/** JSON bodies are small (a comment is at most 2200 characters); anything larger is refused unread. */
const jsonBodyLimit = 64 * 1024;

const readMethods = new Set(['GET', 'HEAD']);

export async function buildApp(
  context: AppContext,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<FastifyInstance> {
  const { config } = context;
  // The client's pages, when there is a built client to serve (an API-only server has none).
  const pages = config.webDistDir
    ? appPages(context, path.join(config.webDistDir, 'index.html'))
    : undefined;
  // The security headers are built once: @fastify/helmet rebuilt the helmet middleware, CSP
  // parsing included, on every request, a tenth of the CPU of a cached feed response.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...(config.storage.driver === 's3' && config.storage.publicUrl
            ? [new URL(config.storage.publicUrl).origin]
            : []),
        ],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.protocol === 'https:' ? { maxAge: 31536000 } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: jsonBodyLimit,
    trustProxy: config.trustProxy,
    // Keep-alive connections that are idle are closed at shutdown; busy ones finish first.
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
    // Fastify logs two lines per request (received, completed); one is written below instead.
    logController: new LogController({ disableRequestLogging: true }),
    // A path the router cannot read (bad percent-encoding, an over-long segment) runs no hook:
    // it gets the security headers here, and the API's error shape or the not-found page.
    frameworkErrors: (error, request, reply) => {
      securityHeaders(request.raw, reply.raw, () => {
        if (pages && isPagePath(request.url) && readMethods.has(request.method)) {
          void pages.sendUnreadable(request, reply);
        } else {
          void sendError(reply, toAppError(error));
        }
      });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // One line per request, once it is answered: what was asked, how it went, how long it took.
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        route: request.routeOptions.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });

  // Counted only with METRICS_TOKEN set: without it a request does nothing more for metrics.
  const metrics = context.metrics;
  if (metrics) {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.recordRequest(
        request.method,
        request.routeOptions.url,
        reply.statusCode,
        reply.elapsedTime,
      );
      done();
    });
  }

  // Every route is checked, serialized and documented from its contract schemas.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', requireRouteSchemas);

  // Only JSON and multipart bodies: a cross-site HTML form (text/plain, urlencoded) gets a 415.
  app.removeContentTypeParser('text/plain');
  // A like, unlike or sign-out carries no body, but many clients (curl -H, fetch wrappers) still
  // say application/json: an empty body is read as no body instead of a 400.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, body.toString(), done);
  });

  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  // JSON and HTML go out as brotli or gzip to clients that accept it (brotli at quality 4: cheap
  // per request). Cached pages arrive already compressed once per cache entry, built files
  // precompressed at build (preCompressed below): both are left as they are.
  await app.register(compress, { encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(multipart);
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: false,
    allowList: () => !config.rateLimits,
    errorResponseBuilder: (_request, context) => {
      return Object.assign(rateLimited(Math.ceil(context.ttl / 1000)), { statusCode: 429 });
    },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const dependencyError = dependencyFailure(error);
    if (dependencyError)
      request.log.warn({ err: error }, 'request failed: a dependency is unavailable');
    const appError = dependencyError ?? toAppError(error);
    if (appError.status >= 500 && appError.code === 'internal') {
      request.log.error({ err: error }, 'request failed');
    }
    return sendError(reply, appError);
  });

  // A state change from another site is refused (origin-check.ts).
  app.addHook('onRequest', originCheck(config, app.log));

  context.events.reportErrorsTo((error, event) =>
    app.log.error({ err: error, event: event.type }, 'event handler failed'),
  );
  // The action still succeeded: its notification, or a live event, is what went missing.
  context.services.notifications.reportErrorsTo((error, action) =>
    app.log.error({ err: error, action }, 'recording a notification failed'),
  );
  context.services.eventStreams.reportErrorsTo((error, what) =>
    app.log.warn({ err: error, what }, 'live events degraded'),
  );
  // Reset emails go out after the answer: their failures (SMTP down or refusing) are only logged.
  context.services.passwordReset.reportTo(app.log);
  app.addHook('onClose', () => context.services.passwordReset.close());
  // Pushes go out from the queue the whole time the server runs; failures there are only logged.
  context.services.pushDeliveries.reportErrorsTo((error) =>
    app.log.warn({ err: error }, 'sending pushes failed'),
  );
  context.services.pushDeliveries.start();
  app.addHook('onClose', () => context.services.pushDeliveries.close());
  context.database.reportUpkeepErrorsTo((error) =>
    app.log.warn({ err: error }, 'database upkeep failed'),
  );
  app.decorateRequest('viewer', null);

  await registerOpenApi(app);
  await app.register(healthRoutes(context));
  if (metrics && config.metricsToken)
    await app.register(metricsRoutes(metrics, config.metricsToken));
  await app.register(apiRoutes(context), { prefix: '/api' });
  await app.register(storageRoutes(context), { prefix: '/storage' });
  await registerApiReference(app);

  const webDist = config.webDistDir;
  if (webDist && fs.existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Our own Cache-Control below; send's default (max-age=0) would replace it.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Any built file may go out as its .br or .gz copy, chosen by Accept-Encoding: a shared
        // cache (CDN, proxy) must key on it, or hand brotli to a client that cannot read it.
        // @fastify/compress says so for what it compresses, but leaves precompressed files alone.
        res.setHeader('Vary', 'accept-encoding');
        // Vite fingerprints everything under assets/, so those never change.
        res.setHeader(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  // A missing fingerprinted asset is a 404, not the page: a stale tab must not parse HTML as JS.
  await app.register(async (assets) => assets.setNotFoundHandler(answerNotFound), {
    prefix: '/assets',
  });
  if (pages) await app.register(pages.routes);
  app.setNotFoundHandler(async (request, reply) => {
    if (pages && readMethods.has(request.method) && isPagePath(request.url)) {
      return pages.sendNotFound(request, reply);
    }
    return sendError(reply, notFound());
  });

  return app;
}
