import type { Notification, NotificationPage, ProfileSummary } from '@pinhole/contracts';
import { now } from './factories';

export function makeActor(
  username: string,
  overrides: Partial<ProfileSummary> = {},
): ProfileSummary {
  return {
    id: `${username}-id`,
    username,
    full_name: `${username[0]?.toUpperCase() ?? ''}${username.slice(1)} Example`,
    avatar_url: null,
    is_verified: false,
    followed_by_me: false,
    is_remote: false,
    ...overrides,
  };
}

const hourMs = 60 * 60 * 1000;

/** A time `hours` before the fixed clock's now. */
export function hoursAgo(hours: number): string {
  return new Date(now.getTime() - hours * hourMs).toISOString();
}

let sequence = 0;

/** A notification about post-1 by alice, an hour old and unread, unless told otherwise. */
export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  sequence += 1;
  const type = overrides.type ?? 'like';
  return {
    id: `notification-${sequence}`,
    type,
    actor: makeActor('alice'),
    post: type === 'follow' ? null : { id: 'post-1', thumbnail_url: '/storage/thumbs/post-1.webp' },
    comment: null,
    created_at: hoursAgo(1),
    read: false,
    ...overrides,
  };
}

export function notificationPage(
  notifications: Notification[],
  { unread = notifications.filter((item) => !item.read).length, next = null as string | null } = {},
): NotificationPage {
  return { notifications, unread_count: unread, next_cursor: next };
}

/**
 * Matches a notification's message by its whole text (`findByText(says(/…/))`): the names in it
 * are links, so the text is split among elements.
 */
export const says = (text: RegExp) => (_: string, element: Element | null) =>
  element?.tagName === 'P' && text.test(element.textContent ?? '');
