import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { S3StorageOptions } from '../storage/s3';

export const testBucket = 'pinhole-test';

/** s3rver accepts this fixed key pair. */
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A real S3-compatible server (s3rver) on a free loopback port, storing in a temp folder. */
export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Options for `new S3Storage(…)`. */
  storageOptions: S3StorageOptions;
  /** The environment that makes a server use this bucket (STORAGE_DRIVER=s3 and the S3_*). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Runs in the child. Port 0 lets the system pick a free port; the child reports it on stdout and
 * stops when its stdin closes, so it never outlives the test process.
 */
const childScript = `
const S3rver = require(process.env.S3RVER_MODULE);
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory: process.env.S3RVER_DIRECTORY,
  configureBuckets: [{ name: process.env.S3RVER_BUCKET }],
});
server.run().then(
  (address) => process.stdout.write(JSON.stringify({ port: address.port }) + '\\n'),
  (error) => { console.error(error); process.exit(1); },
);
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
`;

/**
 * Starts s3rver in its own Node process: a separate server, as S3 is in production, and the
 * only way to give it OpenSSL's legacy provider — it encrypts ListObjectsV2 continuation tokens
 * with DES, which OpenSSL 3 refuses otherwise, so paged listings would fail.
 */
export async function startS3Server(bucket = testBucket): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-s3-'));
  const require = createRequire(import.meta.url);
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', childScript], {
    env: {
      PATH: process.env.PATH,
      S3RVER_MODULE: require.resolve('s3rver'),
      S3RVER_DIRECTORY: directory,
      S3RVER_BUCKET: bucket,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}): ${errors}`)));
    child.once('error', reject);
  });

  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    storageOptions: {
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      ...credentials,
    },
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      child.stdin.end();
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
