import type { Socket } from 'node:net';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import type { EventSink } from '../services/event-streams.service';
import { errorResponses } from './schemas';
import { requireSignedIn, requireViewer } from './viewer';

/**
 * Bytes a stream may have waiting unsent before it is dropped: a client that stopped reading
 * would otherwise grow this process's memory with every heartbeat. The client reconnects.
 */
const maxBufferedBytes = 64 * 1024;

/** How long a browser's EventSource waits before it reconnects (SSE `retry:`), in ms. */
const reconnectDelayMs = 3_000;

const eventStream = z
  .string()
  .describe(
    'Server-Sent Events. `event: notifications` with `data: {"unread_count":N}` at once and ' +
      'whenever the count changes (an action on any instance, within 2 s); a comment line ' +
      '(`: keep-alive`) at least every 30 s.',
  );

/** `GET /api/events`: the signed-in person's live events (the unread badge). */
export function eventRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const streams = context.services.eventStreams;
    // Connections that have not sent a byte yet. A client whose stream ended opens a new one at
    // once (browsers reconnect, fetch clients keep a spare), and Node's close waits for such a
    // connection until its headers time out (a minute), as if a request were coming.
    const unused = new Set<Socket>();
    app.server.on('connection', (socket: Socket) => {
      unused.add(socket);
      const used = () => unused.delete(socket);
      socket.once('data', used);
      socket.once('close', used);
    });
    // Open streams never finish by themselves: they end before the server waits for requests
    // to finish, and their clients reconnect (to another instance, or this one once it is back).
    app.addHook('preClose', (done) => {
      streams.closeAll();
      for (const socket of unused) socket.destroy();
      done();
    });

    app.get(
      '',
      {
        // A HEAD would open a stream that never sends a byte.
        exposeHeadRoute: false,
        onRequest: requireSignedIn,
        schema: {
          summary: 'Live events for the signed-in person (Server-Sent Events)',
          description:
            'Open with `EventSource`; it reconnects by itself. At most 10 streams per account and ' +
            '50 per address at once (429 beyond). No database connection is held per stream.',
          tags: ['notifications'],
          response: {
            200: {
              description: 'The stream',
              content: { 'text/event-stream': { schema: eventStream } },
            },
            ...errorResponses(401, 429),
          },
        },
      },
      async (request, reply) => {
        const viewer = requireViewer(request);
        const response = reply.raw;
        const sink: EventSink = {
          // Called once the stream is admitted: a refusal (429) is an ordinary JSON error.
          start: () => {
            // Taken over from Fastify: no serializer, no compression, nothing buffered.
            reply.hijack();
            request.raw.socket.setNoDelay(true);
            response.writeHead(200, {
              'content-type': 'text/event-stream; charset=utf-8',
              'cache-control': 'no-store, no-transform',
              // nginx buffers proxied responses unless told not to.
              'x-accel-buffering': 'no',
              // Once a stream ends (shutdown) its connection closes too, so the server need not
              // wait for it to go idle.
              connection: 'close',
            });
            response.write(`retry: ${reconnectDelayMs}\n\n`);
          },
          write: (text) => {
            response.write(text);
            return response.writableLength <= maxBufferedBytes;
          },
          end: () => response.end(),
        };
        const close = streams.open(viewer, request.ip, sink);
        response.on('close', close);
        // A write racing the client going away fails here, not as an uncaught error.
        response.on('error', close);
        if (response.destroyed) close();
        return reply;
      },
    );
  };
}
