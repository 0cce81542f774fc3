import { S3ServiceException } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { toStorageError } from './s3-errors';
import { StorageFullError, StorageUnavailableError } from './storage';

function serviceError(status: number, name: string): S3ServiceException {
  return new S3ServiceException({
    name,
    $fault: status >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode: status },
    message: name,
  });
}

describe('toStorageError', () => {
  it.each([
    ['our deadline', Object.assign(new Error('aborted'), { name: 'AbortError' })],
    ['an SDK timeout', Object.assign(new Error('socket timeout'), { name: 'TimeoutError' })],
    ['a refused connection', Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })],
    ['a reset connection', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
    ['503 SlowDown', serviceError(503, 'SlowDown')],
    ['500 InternalError', serviceError(500, 'InternalError')],
  ])('%s is StorageUnavailableError', (_, error) => {
    const translated = toStorageError(error, 'PutObject');
    expect(translated).toBeInstanceOf(StorageUnavailableError);
    expect((translated as Error).cause).toBe(error);
  });

  it('a store without room (507, XMinioStorageFull) is StorageFullError', () => {
    expect(toStorageError(serviceError(507, 'XMinioStorageFull'), 'PutObject')).toBeInstanceOf(
      StorageFullError,
    );
  });

  it.each([
    ['404', serviceError(404, 'NotFound')],
    ['412', serviceError(412, 'PreconditionFailed')],
    ['403', serviceError(403, 'AccessDenied')],
    ['501', serviceError(501, 'NotImplemented')],
    ['a bug', new TypeError('x is undefined')],
  ])('%s passes through untouched', (_, error) => {
    expect(toStorageError(error, 'HeadObject')).toBe(error);
  });
});
