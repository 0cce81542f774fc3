import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { ByteRange, Storage, StoredObjectInfo } from './storage';
import { StorageKeyExistsError, contentTypeForKey } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Unset for AWS itself; the URL of any other S3-compatible store (MinIO, R2, Ceph, s3rver). */
  endpoint?: string | undefined;
  /** Both unset: the SDK's default chain (AWS_* variables, shared config, instance role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `bucket` in the path rather than in the host name: what most self-hosted stores need. */
  forcePathStyle?: boolean;
  /** Where browsers fetch objects directly (the bucket's public URL or a CDN in front of it). */
  publicUrl?: string | undefined;
  /** Keys per ListObjectsV2 page (S3's maximum and default is 1000); tests page with less. */
  listPageSize?: number;
}

/** Stored files never change: caches (browser, CDN) may keep them for a year. */
const cacheControl = 'public, max-age=31536000, immutable';

/** Concurrent connections to the store per instance. */
const maxSockets = 256;

/** A readiness check that never answers is as bad as a failed one. */
const pingTimeoutMs = 5_000;

function statusOf(error: unknown): number | undefined {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode;
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function nameOf(error: unknown): string | undefined {
  return (error as { name?: string } | null)?.name;
}

function isNotFound(error: unknown): boolean {
  return statusOf(error) === 404 || nameOf(error) === 'NotFound' || nameOf(error) === 'NoSuchKey';
}

/**
 * Objects in one bucket of an S3-compatible store. Keys are the same as on local disk
 * (`user-uploads/{userId}/posts/{ts}.{ext}`), so a deployment can move its files with any S3 tool.
 */
export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicBase: string | undefined;
  private readonly listPageSize: number | undefined;
  /** Turned off when the store answers `If-None-Match` on PUT with 501 Not Implemented. */
  private conditionalWrites = true;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.publicBase = options.publicUrl?.replace(/\/+$/, '');
    this.listPageSize = options.listPageSize;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // The SDK's default (a CRC32 checksum on every request and response) is not understood by
      // every S3-compatible store; checksums stay on where an operation requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // `/storage/` streams an object to the browser while holding its S3 socket, so slow
      // clients hold sockets for a while: the SDK's 50 would queue every other request behind
      // them. No request timeout either: a paused (back-pressured) download is not a dead one.
      requestHandler: {
        connectionTimeout: 5_000,
        httpAgent: { keepAlive: true, maxSockets },
        httpsAgent: { keepAlive: true, maxSockets },
      },
    });
  }

  /**
   * Writes an object, refusing to replace one. The write is conditional (`If-None-Match: *`),
   * which AWS S3, R2 and MinIO enforce atomically. Some stores (s3rver, older Ceph) ignore the
   * header or refuse it, so a HEAD runs first: on those stores two writers racing on one key
   * between the HEAD and the PUT could both succeed, the later one winning. Keys hold a user id
   * and a millisecond timestamp, so that takes one user posting twice in the same millisecond
   * through two instances.
   */
  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    if (await this.head(key)) throw new StorageKeyExistsError(key);
    const write = (conditional: boolean) =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: data,
          ContentLength: data.length,
          ContentType: contentType,
          CacheControl: cacheControl,
          IfNoneMatch: conditional ? '*' : undefined,
        }),
      );
    try {
      try {
        await write(this.conditionalWrites);
      } catch (error) {
        if (!this.conditionalWrites || statusOf(error) !== 501) throw error;
        // A store that refuses the header outright: the HEAD above is the only guard left.
        this.conditionalWrites = false;
        await write(false);
      }
    } catch (error) {
      // 412: the key exists. 409: another conditional write to this key is in flight.
      const status = statusOf(error);
      if (status === 412 || (status === 409 && nameOf(error) === 'ConditionalRequestConflict')) {
        throw new StorageKeyExistsError(key);
      }
      throw error;
    }
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    try {
      const result = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      return {
        size: result.ContentLength ?? 0,
        contentType: result.ContentType ?? contentTypeForKey(key),
        // An S3 ETag of a single-part upload is the MD5 of the bytes, already quoted: strong.
        etag: result.ETag ?? `"${key}"`,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const result = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    const body = result.Body;
    if (body instanceof Readable) return body;
    if (body && 'transformToWebStream' in body) {
      return Readable.fromWeb(
        body.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0],
      );
    }
    throw new Error(`S3 returned no body for ${key}`);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Every object under the folder `prefix`, a page (1000 keys) at a time. */
  async *list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }> {
    // A prefix names a folder, as on disk: `user-uploads` must not match `user-uploads-old/…`.
    const folder = prefix === '' ? '' : `${prefix.replace(/\/+$/, '')}/`;
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: folder,
          ContinuationToken: continuationToken,
          MaxKeys: this.listPageSize,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        // No date is read as "just written": the sweeper then leaves the object alone.
        yield { key: object.Key, lastModified: object.LastModified ?? new Date() };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  /** The CDN or bucket URL when one is configured; otherwise our own `/storage/` route. */
  publicUrl(key: string): string {
    return this.publicBase ? `${this.publicBase}/${key}` : `/storage/${key}`;
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
      abortSignal: AbortSignal.timeout(pingTimeoutMs),
    });
  }

  /** Closes the client's keep-alive sockets. */
  close(): void {
    this.client.destroy();
  }
}
