import { describe, expect, it } from 'vitest';
import { pagePaths } from './addresses';

describe("a person's address", () => {
  it('is /username for someone of this server', () => {
    expect(pagePaths.profile.to('alice')).toBe('/alice');
    expect(pagePaths.followers.to('alice')).toBe('/alice/followers');
  });

  it('is /@user@host for someone of another server, on every tab', () => {
    expect(pagePaths.profile.to('alice@photos.example')).toBe('/@alice@photos.example');
    expect(pagePaths.profileSaved.to('alice@photos.example')).toBe('/@alice@photos.example/saved');
    expect(pagePaths.profileTagged.to('alice@photos.example')).toBe(
      '/@alice@photos.example/tagged',
    );
    expect(pagePaths.followers.to('alice@photos.example')).toBe('/@alice@photos.example/followers');
    expect(pagePaths.following.to('alice@photos.example')).toBe('/@alice@photos.example/following');
  });

  it("keeps a host's port readable and encodes anything that could leave the segment", () => {
    expect(pagePaths.profile.to('alice@a-host:8443')).toBe('/@alice@a-host:8443');
    expect(pagePaths.profile.to('a/b@x?y')).toBe('/@a%2Fb@x%3Fy');
  });
});
