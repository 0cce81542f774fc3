import { pagePaths } from '@pinhole/contracts';
import { describe, expect, it } from 'vitest';
import { personOfAddress } from './profile-address';

describe('personOfAddress', () => {
  it('reads a local username, /@name being another way to write it', () => {
    expect(personOfAddress('Alice')).toEqual({ username: 'alice', canonical: true });
    expect(personOfAddress('@alice')).toEqual({ username: 'alice', canonical: false });
  });

  it('reads someone of another server as @user@host or user@host', () => {
    expect(personOfAddress('@alice@photos.example')).toEqual({
      username: 'alice@photos.example',
      canonical: true,
    });
    expect(personOfAddress('Alice@Photos.Example')).toEqual({
      username: 'alice@photos.example',
      canonical: false,
    });
    expect(personOfAddress('@bob@a-host:8443')?.username).toBe('bob@a-host:8443');
  });

  it('names nobody for anything else', () => {
    for (const address of [
      '',
      '@',
      'explore',
      '@explore',
      'alice@',
      '@alice@',
      '@@photos.example',
      'a@b@c.example',
      'alice@photos..example',
      'alice@photos.example/',
      'al ice@photos.example',
      `${'a'.repeat(31)}`,
    ]) {
      expect(personOfAddress(address), address).toBeNull();
    }
  });

  it('reads back every address the app writes for a person', () => {
    for (const username of ['alice', 'alice@photos.example', 'a.b_c@x-y.example:8443']) {
      const segment = pagePaths.profile.to(username).slice(1);
      expect(personOfAddress(decodeURIComponent(segment))).toEqual({ username, canonical: true });
    }
  });
});
