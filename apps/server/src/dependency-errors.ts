import { messages } from '@pinhole/contracts';
import { databaseFailure } from './db/errors';
import { AppError } from './errors';
import { StorageFullError, StorageUnavailableError } from './storage/storage';

/** A database restart or a store coming back usually takes seconds. */
export const unavailableRetryAfterSeconds = 5;
/** A full disk needs an operator: clients should not hammer it meanwhile. */
export const fullRetryAfterSeconds = 60;

export type Dependency = 'database' | 'storage';

/** Which dependency failed and how, or null when the error is not a dependency failure. */
export function classifyDependencyFailure(
  error: unknown,
): { dependency: Dependency; failure: 'unavailable' | 'full' } | null {
  if (error instanceof StorageFullError) return { dependency: 'storage', failure: 'full' };
  if (error instanceof StorageUnavailableError) {
    return { dependency: 'storage', failure: 'unavailable' };
  }
  const failure = databaseFailure(error);
  return failure ? { dependency: 'database', failure } : null;
}

/**
 * The answer for a request that failed because a dependency is down, frozen, overloaded or
 * full: 503 `unavailable` or 507 `insufficient_storage`, both with `Retry-After`. Null for any
 * other error, which the caller maps as before.
 */
export function dependencyFailure(error: unknown): AppError | null {
  const classified = classifyDependencyFailure(error);
  if (!classified) return null;
  return classified.failure === 'full'
    ? new AppError('insufficient_storage', messages.storageFull, undefined, fullRetryAfterSeconds)
    : new AppError('unavailable', messages.unavailable, undefined, unavailableRetryAfterSeconds);
}
