import { S3ServiceException } from '@aws-sdk/client-s3';
import { StorageFullError, StorageUnavailableError } from './storage';
import { networkErrorCodes } from '../network-errors';

export function statusOf(error: unknown): number | undefined {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode;
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

export function nameOf(error: unknown): string | undefined {
  return (error as { name?: string } | null)?.name;
}

export function isNotFound(error: unknown): boolean {
  return statusOf(error) === 404 || nameOf(error) === 'NotFound' || nameOf(error) === 'NoSuchKey';
}

/** Socket errors, and a stream the store closed before its end. */
const networkCodes: ReadonlySet<string> = new Set([
  ...networkErrorCodes,
  'ERR_STREAM_PREMATURE_CLOSE',
]);

/** Our deadline (AbortError) or one of the SDK's connect/request timeouts (TimeoutError). */
const timeoutNames = new Set(['AbortError', 'TimeoutError', 'RequestTimeout']);

/** What the store says when it has no room: MinIO's XMinioStorageFull, WebDAV's 507. */
const fullNames = new Set(['XMinioStorageFull', 'StorageFull', 'InsufficientStorage']);

/**
 * Translates an SDK failure into the storage errors a request answers 503/507 for. Answers the
 * store gave on purpose (404, 403, 412) are passed through untouched: those are not outages.
 */
export function toStorageError(error: unknown, action: string): unknown {
  const status = statusOf(error);
  const name = nameOf(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (status === 507 || (name !== undefined && fullNames.has(name))) {
    return new StorageFullError(`The object store is full (${action})`, { cause: error });
  }
  const unavailable =
    (name !== undefined && timeoutNames.has(name)) ||
    (typeof code === 'string' && networkCodes.has(code)) ||
    (status !== undefined && status >= 500 && status !== 501) ||
    name === 'SlowDown';
  if (unavailable) {
    const detail = typeof code === 'string' ? code : (name ?? String(status));
    return new StorageUnavailableError(`The object store is unavailable (${action}: ${detail})`, {
      cause: error,
    });
  }
  return error;
}
