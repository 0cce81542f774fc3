import type { ExploreCandidate } from '../repositories/post-tags.repository';

const hourMs = 60 * 60 * 1000;

/**
 * How explore ranks a recent post (Hacker News' gravity, with comments worth two likes):
 *
 *   score = (likes + 2 × comments + 1) / (age in hours + 2) ^ 1.5
 *
 * A comment costs more effort than a like, so it says more; the `+ 1` lets a new post without
 * attention still rank among the new; the `+ 2` hours keeps a post a minute old from beating
 * everything; the 1.5 power lets a post of yesterday with many likes give way to a good one of
 * this hour within the day.
 */
export const exploreFormula = 'score = (likes + 2·comments + 1) / (age_hours + 2)^1.5';

export function exploreScore(candidate: ExploreCandidate, now: number): number {
  const ageHours = Math.max(0, now - Date.parse(candidate.created_at)) / hourMs;
  const attention = candidate.likes_count + 2 * candidate.comments_count + 1;
  return attention / Math.pow(ageHours + 2, 1.5);
}

/** The candidates' ids, best first; equal scores newest first, then by id (a stable order). */
export function rankForExplore(candidates: readonly ExploreCandidate[], now: number): string[] {
  return candidates
    .map((candidate) => ({ candidate, score: exploreScore(candidate, now) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.candidate.created_at.localeCompare(a.candidate.created_at) ||
        b.candidate.id.localeCompare(a.candidate.id),
    )
    .map(({ candidate }) => candidate.id);
}
