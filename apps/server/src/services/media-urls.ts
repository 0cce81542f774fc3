import type { Storage } from '../storage/storage';

/** The URL of a profile picture from its stored key (null: the initial-on-gradient fallback). */
export function avatarUrl(storage: Storage, key: string | null): string | null {
  return key === null ? null : storage.publicUrl(key);
}
