import { pagePatterns } from '@pinhole/contracts';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { pageRoutes } from './router';

const samples: Record<string, string> = {
  username: 'someone',
  id: '0190a7e2-0000-7000-8000-000000000000',
  tag: 'sunset',
};
const addressOf = (pattern: string) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => samples[name] ?? name);

// The server answers each address of the contracts' `pagePaths` as the app (its own test says so):
// the router must draw a page of its own at each, and have none the server would answer 404.
describe("the router and the contracts' page addresses", () => {
  it('draws the page of each address of the table, never the not-found page', () => {
    for (const pattern of pagePatterns()) {
      const matches = matchRoutes(pageRoutes, addressOf(pattern));
      expect(matches?.at(-1)?.route.path, pattern).toBe(pattern);
    }
  });

  it('has no page at an address the table does not hold', () => {
    const routed = pageRoutes.map((route) => route.path).filter((path) => path !== '*');
    expect([...routed].sort()).toEqual([...pagePatterns()].sort());
  });
});
