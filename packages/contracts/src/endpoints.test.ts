import { describe, expect, it } from 'vitest';
import { endpointMethod, endpointPath, endpoints } from './endpoints';

describe('endpointPath', () => {
  it("fills the route's parameters, encoded so none reaches into another path", () => {
    expect(endpointPath('post', { id: 'a/../b?c' })).toBe('/api/posts/a%2F..%2Fb%3Fc');
    expect(endpointPath('profileByUsername', { username: 'ana maría' })).toBe(
      '/api/profiles/by-username/ana%20mar%C3%ADa',
    );
    expect(endpointPath('approveFollowRequest', { profileId: 'p1' })).toBe(
      '/api/me/follow-requests/p1/approve',
    );
  });

  it('adds the query string in the order given, leaving out null and undefined', () => {
    expect(endpointPath('feed', undefined, { limit: 12, feed: undefined, cursor: null })).toBe(
      '/api/posts?limit=12',
    );
    expect(endpointPath('search', undefined, { q: '#sun & sea' })).toBe(
      '/api/search?q=%23sun+%26+sea',
    );
    expect(
      endpointPath('adminReports', undefined, { limit: 20, status: 'open', cursor: 'c' }),
    ).toBe('/api/admin/reports?limit=20&status=open&cursor=c');
  });

  it('gives every call of the table its method', () => {
    for (const name of Object.keys(endpoints) as (keyof typeof endpoints)[]) {
      expect(endpoints[name].startsWith(`${endpointMethod(name)} /api`)).toBe(true);
    }
    expect(endpointMethod('unlike')).toBe('DELETE');
  });
});
