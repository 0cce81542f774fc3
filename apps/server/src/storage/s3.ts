import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { defaultDiscardSchedule, discardEventually } from './discard';
import { isNotFound, nameOf, statusOf, toStorageError } from './s3-errors';
import type { ByteRange, Storage, StoredObjectInfo } from './storage';
import { StorageKeyExistsError, StorageUnavailableError, contentTypeForKey } from './storage';

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
  /**
   * Longest wait for one call, retries included: connecting, sending, and the store's answer
   * (for a download, its headers; the body then streams at the browser's pace). Default 5 s.
   */
  timeoutMs?: number;
}

/** Stored files never change: caches (browser, CDN) may keep them for a year. */
const cacheControl = 'public, max-age=31536000, immutable';

/** Concurrent connections to the store per instance. */
const maxSockets = 256;

const defaultTimeoutMs = 5_000;

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
  private readonly timeoutMs: number;
  /** Turned off when the store answers `If-None-Match` on PUT with 501 Not Implemented. */
  private conditionalWrites = true;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.publicBase = options.publicUrl?.replace(/\/+$/, '');
    this.listPageSize = options.listPageSize;
    this.timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
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
      // them. The SDK's request timeout runs until the response headers arrive, so a download
      // paused by a slow browser (back-pressure) is not cut; no socket idle timeout, for the same
      // reason. Each attempt gets the whole budget; `send` bounds all attempts together.
      requestHandler: {
        connectionTimeout: this.timeoutMs,
        requestTimeout: this.timeoutMs,
        throwOnRequestTimeout: true,
        httpAgent: { keepAlive: true, maxSockets },
        httpsAgent: { keepAlive: true, maxSockets },
      },
    });
  }

  /**
   * Sends one command under a deadline covering every attempt (the SDK retries network errors
   * and 5xx), and turns outages into StorageUnavailableError / StorageFullError. The deadline
   * stops at the response headers: a download's body is not cut short.
   */
  private async send<Output>(
    action: string,
    run: (abortSignal: AbortSignal) => Promise<Output>,
  ): Promise<Output> {
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new StorageUnavailableError(`S3 ${action} timed out`)),
      this.timeoutMs,
    );
    try {
      return await run(deadline.signal);
    } catch (error) {
      throw toStorageError(error, action);
    } finally {
      clearTimeout(timer);
    }
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
      this.send('PutObject', (abortSignal) =>
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
          { abortSignal },
        ),
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
      // The store may have received the whole object and only its answer was lost (or is still
      // queued behind an outage): the caller sees a failure, so the object must not stay.
      if (error instanceof StorageUnavailableError) void this.discard([key]);
      throw error;
    }
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    try {
      const result = await this.send('HeadObject', (abortSignal) =>
        this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }), {
          abortSignal,
        }),
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
    const result = await this.send('GetObject', (abortSignal) =>
      this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
        { abortSignal },
      ),
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
    await this.send('DeleteObject', (abortSignal) =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }), {
        abortSignal,
      }),
    );
  }

  /**
   * Does not wait: with the store hung, the first attempt alone would hold the failed request
   * for another timeout. Retries start after one timeout and back off.
   */
  discard(keys: readonly string[]): Promise<void> {
    void discardEventually((key) => this.delete(key), keys, {
      ...defaultDiscardSchedule,
      firstRetryMs: this.timeoutMs,
    });
    return Promise.resolve();
  }

  /** Every object under the folder `prefix`, a page (1000 keys) at a time. */
  async *list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }> {
    // A prefix names a folder, as on disk: `user-uploads` must not match `user-uploads-old/…`.
    const folder = prefix === '' ? '' : `${prefix.replace(/\/+$/, '')}/`;
    let continuationToken: string | undefined;
    do {
      const page = await this.send('ListObjectsV2', (abortSignal) =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: folder,
            ContinuationToken: continuationToken,
            MaxKeys: this.listPageSize,
          }),
          { abortSignal },
        ),
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
    await this.send('HeadBucket', (abortSignal) =>
      this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal }),
    );
  }

  /** Closes the client's keep-alive sockets. */
  close(): void {
    this.client.destroy();
  }
}
