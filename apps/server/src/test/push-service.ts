import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// http_ece is the encryption web-push itself uses (RFC 8188); here it decrypts as a browser would.
import ece from 'http_ece';

export interface ReceivedPush {
  /** The decrypted JSON body. */
  payload: unknown;
  /** The VAPID JWT's claims, once its ES256 signature checked out against the `k` key. */
  claims: { aud: string; exp: number; sub: string };
  vapidKey: string;
  encoding: string | undefined;
}

function verifyVapid(authorization: string | undefined): {
  claims: ReceivedPush['claims'];
  key: string;
} {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token = '', key = ''] = match;
  const [header = '', claims = '', signature = ''] = token.split('.');
  const point = Buffer.from(key, 'base64url');
  const publicKey = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  return { claims: JSON.parse(Buffer.from(claims, 'base64url').toString()), key };
}

/**
 * A push service on loopback (https, with a certificate made for the test) holding one browser's
 * keys: it checks each push's VAPID token, decrypts its aes128gcm body, and answers `status`.
 */
export async function startPushService() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-push-'));
  const keyFile = path.join(folder, 'key.pem');
  const certFile = path.join(folder, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const browser = crypto.createECDH('prime256v1');
  browser.generateKeys();
  const authSecret = crypto.randomBytes(16);
  const received: ReceivedPush[] = [];
  const failures: unknown[] = [];
  const state = { status: 201 };
  const server = https.createServer(
    { key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        try {
          const { claims, key } = verifyVapid(request.headers.authorization);
          const plain = ece.decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: browser,
            authSecret: authSecret.toString('base64url'),
          });
          received.push({
            payload: JSON.parse(plain.toString('utf8')),
            claims,
            vapidKey: key,
            encoding: request.headers['content-encoding'],
          });
        } catch (error) {
          failures.push(error);
        }
        response.writeHead(state.status).end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;
  return {
    origin,
    received,
    failures,
    /** What the service answers from now on (410: the subscription is gone). */
    answer(status: number) {
      state.status = status;
    },
    subscription(name = crypto.randomUUID()) {
      return {
        endpoint: `${origin}/push/${name}`,
        keys: {
          p256dh: browser.getPublicKey().toString('base64url'),
          auth: authSecret.toString('base64url'),
        },
      };
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
