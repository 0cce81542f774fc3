import { describe, expect, it } from 'vitest';
import { exploreScore, rankForExplore } from './explore-ranking';

const hourMs = 60 * 60 * 1000;
const now = Date.parse('2026-06-01T12:00:00.000Z');
const post = (id: string, hoursAgo: number, likes: number, comments = 0) => ({
  id,
  created_at: new Date(now - hoursAgo * hourMs).toISOString(),
  likes_count: likes,
  comments_count: comments,
});

describe('explore ranking', () => {
  it('scores (likes + 2·comments + 1) / (age_hours + 2)^1.5', () => {
    expect(exploreScore(post('a', 0, 0), now)).toBeCloseTo(1 / Math.pow(2, 1.5));
    expect(exploreScore(post('a', 2, 5, 1), now)).toBeCloseTo(8 / 8);
    // A post from the future (a clock ahead elsewhere) counts as new, not as better than new.
    expect(exploreScore(post('a', -5, 0), now)).toBeCloseTo(1 / Math.pow(2, 1.5));
  });

  it('puts attention first, lets age wear it down, and counts a comment as two likes', () => {
    const ranked = rankForExplore(
      [
        post('new-quiet', 0.1, 0),
        post('hour-old-liked', 1, 20),
        post('day-old-famous', 24, 200),
        post('hour-old-talked', 1, 0, 9),
      ],
      now,
    );
    expect(ranked).toEqual(['hour-old-liked', 'hour-old-talked', 'day-old-famous', 'new-quiet']);
  });

  it('orders equal scores newest first, then by id, so pages never shuffle', () => {
    const ranked = rankForExplore([post('a', 3, 1), post('b', 1, 0), post('c', 3, 1)], now);
    expect(ranked.slice(1)).toEqual(['c', 'a']);
  });
});
