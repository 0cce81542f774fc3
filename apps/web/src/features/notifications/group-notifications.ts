import type { Notification, ProfileSummary } from '@pinhole/contracts';

/** One row of the list: a notification, or a run of likes of one post drawn as one. */
export interface NotificationGroup {
  /** The newest of the run: its id, type, post, comment and time stand for the row. */
  latest: Notification;
  /** Who did it, newest first, each once. */
  actors: ProfileSummary[];
  /** Something in the run had not been seen before this opening. */
  unread: boolean;
}

/**
 * Folds consecutive likes of the same post into one row ("alice and 3 others liked your
 * photo."), as Instagram does. Only neighbours are folded: a like, then a comment, then more likes
 * of the same post are three rows, so the list stays in time order.
 */
export function groupNotifications(notifications: readonly Notification[]): NotificationGroup[] {
  const groups: NotificationGroup[] = [];
  for (const notification of notifications) {
    const previous = groups.at(-1);
    if (
      previous &&
      notification.type === 'like' &&
      previous.latest.type === 'like' &&
      notification.post !== null &&
      previous.latest.post?.id === notification.post.id
    ) {
      if (!previous.actors.some((actor) => actor.id === notification.actor.id))
        previous.actors.push(notification.actor);
      previous.unread ||= !notification.read;
      continue;
    }
    groups.push({ latest: notification, actors: [notification.actor], unread: !notification.read });
  }
  return groups;
}

export type SectionTitle = 'Today' | 'This week' | 'Earlier';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Which heading a time falls under. Counted back from now, like the time labels beside each row:
 * everything under Today reads `Just now`, `Nm` or `Nh`, under This week `1d` to `6d`.
 */
export function sectionOf(createdAt: string, now: number): SectionTitle {
  const elapsed = now - new Date(createdAt).getTime();
  if (!(elapsed >= dayMs)) return 'Today';
  return elapsed < 7 * dayMs ? 'This week' : 'Earlier';
}

export interface NotificationSection {
  title: SectionTitle;
  groups: NotificationGroup[];
}

const sectionOrder: SectionTitle[] = ['Today', 'This week', 'Earlier'];

/** The rows under their headings, in the headings' order; a heading with no rows is left out. */
export function sectionsOf(
  groups: readonly NotificationGroup[],
  now: number,
): NotificationSection[] {
  return sectionOrder
    .map((title) => ({
      title,
      groups: groups.filter((group) => sectionOf(group.latest.created_at, now) === title),
    }))
    .filter((section) => section.groups.length > 0);
}
