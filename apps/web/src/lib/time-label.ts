const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

/**
 * The spec's relative time: under an hour `Just now`, under a day `Nh`, otherwise `Nd`.
 * `now` is passed in so the label is a pure function of its inputs (tests hold the clock still).
 * A timestamp slightly in the future (clock skew between machines) also reads `Just now`.
 */
export function timeLabel(createdAt: string | Date, now: Date | number): string {
  const elapsed = new Date(now).getTime() - new Date(createdAt).getTime();
  if (!Number.isFinite(elapsed) || elapsed < hourMs) return 'Just now';
  if (elapsed < dayMs) return `${Math.floor(elapsed / hourMs)}h`;
  return `${Math.floor(elapsed / dayMs)}d`;
}
