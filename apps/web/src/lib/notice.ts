/**
 * A short message for the page a navigation lands on ("Your account has been deleted."), carried
 * in the history entry's state: the page that did the thing is gone by the time it would show.
 * The shell shows it once (`RouteNotice`).
 */
export interface NoticeState {
  notice: string;
}

export function withNotice(notice: string): NoticeState {
  return { notice };
}

/** The notice a location's state carries, if any. */
export function noticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  const { notice } = state;
  return typeof notice === 'string' && notice !== '' ? notice : null;
}

export const accountDeletedNotice = 'Your account has been deleted.';
