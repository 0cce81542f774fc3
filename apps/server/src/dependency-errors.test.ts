import { messages } from '@pinhole/contracts';
import { describe, expect, it } from 'vitest';
import { dependencyFailure } from './dependency-errors';
import { AppError } from './errors';
import { StorageFullError, StorageUnavailableError } from './storage/storage';

describe('dependencyFailure', () => {
  it('answers 503 unavailable with Retry-After for a store or database that is down or frozen', () => {
    for (const error of [
      new StorageUnavailableError('S3 PutObject timed out'),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }),
    ]) {
      expect(dependencyFailure(error)).toMatchObject({
        status: 503,
        code: 'unavailable',
        message: messages.unavailable,
        retryAfterSeconds: 5,
      });
    }
  });

  it('answers 507 insufficient_storage with Retry-After for a full disk, store or database', () => {
    for (const error of [
      new StorageFullError('Local storage is full (write: ENOSPC)'),
      Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }),
    ]) {
      expect(dependencyFailure(error)).toMatchObject({
        status: 507,
        code: 'insufficient_storage',
        message: messages.storageFull,
        retryAfterSeconds: 60,
      });
    }
  });

  it('leaves every other error to the usual mapping', () => {
    expect(dependencyFailure(new Error('boom'))).toBeNull();
    expect(dependencyFailure(new AppError('not_found', messages.notFound))).toBeNull();
    expect(dependencyFailure(Object.assign(new Error('dup'), { code: '23505' }))).toBeNull();
  });
});
