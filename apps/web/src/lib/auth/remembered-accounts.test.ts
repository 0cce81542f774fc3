import { beforeEach, describe, expect, it } from 'vitest';
import { readRememberedAccounts, rememberAccount } from './remembered-accounts';

const storageKey = 'pinhole:accounts';

describe('remembered accounts', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps only usernames and pictures, most recent first', () => {
    rememberAccount({ username: 'alice', avatar_url: '/storage/a.webp' });
    rememberAccount({ username: 'bob', avatar_url: null });
    rememberAccount({ username: 'alice', avatar_url: '/storage/a2.webp' });
    expect(readRememberedAccounts()).toEqual([
      { username: 'alice', avatar_url: '/storage/a2.webp' },
      { username: 'bob', avatar_url: null },
    ]);
  });

  it('drops the emails an older version kept, from the device too, as soon as it reads them', () => {
    window.localStorage.setItem(
      storageKey,
      JSON.stringify([
        { username: 'alice', avatar_url: null, email: 'alice@example.com' },
        { username: 'bob', avatar_url: '/storage/b.webp', email: 'bob@example.com' },
        { email: 'nameless@example.com' },
      ]),
    );
    expect(readRememberedAccounts()).toEqual([
      { username: 'alice', avatar_url: null },
      { username: 'bob', avatar_url: '/storage/b.webp' },
    ]);
    expect(window.localStorage.getItem(storageKey)).not.toContain('@');
  });

  it('an account signing in also cleans what was kept before it', () => {
    window.localStorage.setItem(
      storageKey,
      JSON.stringify([{ username: 'bob', avatar_url: null, email: 'bob@example.com' }]),
    );
    rememberAccount({ username: 'bob', avatar_url: null });
    expect(window.localStorage.getItem(storageKey)).toBe(
      JSON.stringify([{ username: 'bob', avatar_url: null }]),
    );
  });

  it('reads nothing from storage of someone else’s making', () => {
    window.localStorage.setItem(storageKey, '{not json');
    expect(readRememberedAccounts()).toEqual([]);
  });
});
