import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { messages } from '@pinhole/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import Fastify from 'fastify';
import helmet from 'helmet';
import type { AppContext } from './context';
import { AppError } from './errors';
import { appPage } from './routes/app-page.routes';
import { authRoutes } from './routes/auth.routes';
import { healthRoutes } from './routes/health.routes';
import { postRoutes } from './routes/posts.routes';
import { profileRoutes } from './routes/profiles.routes';
import { readSessionToken, setSessionCookie } from './routes/session-cookie';
import { storageRoutes } from './routes/storage.routes';

/** JSON bodies are small (a comment is at most 2200 characters); anything larger is refused unread. */
const jsonBodyLimit = 64 * 1024;

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

const codeByStatus: Record<number, AppError['code']> = {
  400: 'validation_error',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'file_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

function sendError(reply: FastifyReply, error: AppError) {
  if (error.retryAfterSeconds !== undefined)
    void reply.header('Retry-After', error.retryAfterSeconds);
  const body: { code: string; message: string; fields?: Record<string, string> } = {
    code: error.code,
    message: error.message,
  };
  if (error.fields) body.fields = error.fields;
  return reply.code(error.status).send({ error: body });
}

/** Maps framework and plugin errors (bad JSON, too large, wrong type) to the API's error shape. */
function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('file_too_large', messages.fileTooLarge);
  if (status === 413) return new AppError('file_too_large', 'Request body is too large');
  if (status === 415) return new AppError('unsupported_media_type', 'Unsupported content type');
  if (status === 429) return new AppError('rate_limited', messages.rateLimited);
  if (status >= 400 && status < 500) {
    const code = codeByStatus[status] ?? 'validation_error';
    const message =
      error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError
        ? 'Request body is not valid JSON'
        : code === 'validation_error'
          ? 'Invalid request'
          : error.message;
    return new AppError(code, message);
  }
  return new AppError('internal', messages.internal);
}

export async function buildApp(
  context: AppContext,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<FastifyInstance> {
  const { config } = context;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: jsonBodyLimit,
    trustProxy: config.trustProxy,
    // Keep-alive connections that are idle are closed at shutdown; busy ones finish first.
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
  });

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
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  await app.register(cookie);
  await app.register(multipart);
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: false,
    allowList: () => !config.rateLimits,
    errorResponseBuilder: (_request, context) => {
      const error = new AppError(
        'rate_limited',
        messages.rateLimited,
        undefined,
        Math.ceil(context.ttl / 1000),
      );
      return Object.assign(error, { statusCode: 429 });
    },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500 && appError.code === 'internal') {
      request.log.error({ err: error }, 'request failed');
    }
    return sendError(reply, appError);
  });

  // Browsers send Origin and Sec-Fetch-Site: refuse state changes that come from another site.
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== config.publicUrl.origin) {
      throw new AppError('forbidden', messages.forbidden);
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('forbidden', messages.forbidden);
    }
  });

  context.events.reportErrorsTo((error, event) =>
    app.log.error({ err: error, event: event.type }, 'event handler failed'),
  );
  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request, reply) => {
    // Only API calls have a viewer; files, pages and health checks never touch the database here.
    if (!request.url.startsWith('/api/')) return;
    // A read may be answered from the caches: first forget what changed since the last request.
    // A write reads its session uncached and changes what it changes through the database.
    const cached = safeMethods.has(request.method);
    if (cached) await context.caches.sync();
    const token = readSessionToken(request);
    if (!token || token.length > 256) return;
    const viewer = await context.services.auth.resolveViewer(token, { cached });
    request.viewer = viewer;
    if (viewer?.renewedExpiresAt && request.cookies.pinhole_session === token) {
      setSessionCookie(reply, config, token, viewer.renewedExpiresAt);
    }
  });

  healthRoutes(app, context);
  authRoutes(app, context);
  profileRoutes(app, context);
  postRoutes(app, context);
  storageRoutes(app, context);

  const webDist = config.webDistDir;
  const indexHtml = webDist ? path.join(webDist, 'index.html') : undefined;
  if (webDist && indexHtml && fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
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

  const sendAppPage = indexHtml && webDist ? appPage(context, indexHtml) : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/storage/') &&
      // A missing fingerprinted asset is a 404, not the page: a stale tab must not parse HTML as JS.
      !request.url.startsWith('/assets/') &&
      indexHtml !== undefined &&
      fs.existsSync(indexHtml);
    if (isPage && sendAppPage) return sendAppPage(request, reply);
    return sendError(reply, new AppError('not_found', messages.notFound));
  });

  return app;
}
