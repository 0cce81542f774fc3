import http from 'node:http';
import https from 'node:https';
import type { HostCertificate } from './certificates';

export interface TlsProxy {
  close(): Promise<void>;
}

/**
 * What Caddy or nginx does in front of a Pinhole: TLS on `address`:443, the request passed on to
 * the plain-HTTP port `target()` names (asked per request: a restarted instance may listen
 * elsewhere) with its Host header and its body byte for byte, and the client's address and
 * scheme in X-Forwarded-For / X-Forwarded-Proto. An instance that is not listening is a 502.
 */
export async function startTlsProxy(
  address: string,
  certificate: HostCertificate,
  target: () => number,
): Promise<TlsProxy> {
  const server = https.createServer(certificate, (incoming, outgoing) => {
    const headers = { ...incoming.headers };
    headers['x-forwarded-for'] = incoming.socket.remoteAddress ?? '';
    headers['x-forwarded-proto'] = 'https';
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target(),
        method: incoming.method,
        path: incoming.url,
        headers,
        // No pooled connection survives into a restarted instance.
        agent: false,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (outgoing.headersSent) outgoing.destroy();
      else outgoing.writeHead(502).end();
    });
    incoming.pipe(upstream);
  });
  return listenTls(server, address);
}

export interface UnavailableFront extends TlsProxy {
  /** The requests it turned away so far. */
  attempts(): number;
}

async function listenTls(server: https.Server, address: string): Promise<TlsProxy> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(443, address, () => resolve());
  });
  return {
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A front whose server is down: TLS on `address`:443, every request a 503 (the proxy of a
 * server that is away), counted so a test can wait for a delivery attempt instead of sleeping.
 */
export async function startUnavailableFront(
  address: string,
  certificate: HostCertificate,
): Promise<UnavailableFront> {
  let attempts = 0;
  const server = https.createServer(certificate, (incoming, outgoing) => {
    attempts += 1;
    incoming.resume();
    outgoing.writeHead(503).end();
  });
  const front = await listenTls(server, address);
  return { attempts: () => attempts, close: () => front.close() };
}
