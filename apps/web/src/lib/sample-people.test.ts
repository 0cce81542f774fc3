import { describe, expect, it } from 'vitest';
import { hashString, samplePeople, seededRandom } from './sample-people';

describe('sample people', () => {
  it('are the same for the same seed', () => {
    expect(samplePeople(8, 42)).toEqual(samplePeople(8, 42));
  });

  it('differ between seeds', () => {
    expect(samplePeople(5, 1).map((p) => p.username)).not.toEqual(
      samplePeople(5, 2).map((p) => p.username),
    );
  });

  it('have distinct, valid lowercase usernames', () => {
    const people = samplePeople(20, 7);
    expect(new Set(people.map((p) => p.username)).size).toBe(20);
    for (const person of people) expect(person.username).toMatch(/^[a-z0-9._]+$/);
  });

  it('draw numbers in [0, 1) deterministically', () => {
    const a = seededRandom(99);
    const b = seededRandom(99);
    for (let i = 0; i < 100; i += 1) {
      const value = a();
      expect(value).toBe(b());
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('hash strings stably', () => {
    expect(hashString('alice')).toBe(hashString('alice'));
    expect(hashString('alice')).not.toBe(hashString('bob'));
  });
});
