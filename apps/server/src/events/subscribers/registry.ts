import type { EventBus } from '../event-bus';
import type { DomainEventType } from '../domain-events';
import type { ForgettingCaches } from './caches';
import { cacheSubscribers } from './caches';
import type { LiveEventStreams } from './live-events';
import { liveEventSubscribers } from './live-events';
import type { NotificationRecorder } from './notifications';
import { notificationSubscribers } from './notifications';
import type { RemoteDeliveries } from './other-servers';
import { otherServerSubscribers } from './other-servers';
import type { PushNotices } from './push';
import { pushSubscribers } from './push';
import type { SubscriberTable } from './subscriber-table';
import { describedIn, subscribeConcern } from './subscriber-table';

/** What the subscribers call; `otherServers` only when federation is on. */
export interface SubscriberDeps {
  notifications: NotificationRecorder;
  liveEvents: LiveEventStreams;
  caches: ForgettingCaches;
  push: PushNotices;
  otherServers: RemoteDeliveries | undefined;
}

/**
 * Every event type and who publishes it. A type added to DomainEvent and missing here fails to
 * compile; one here without a subscriber fails registry.test.ts.
 */
export const eventPublishers: Record<DomainEventType, string> = {
  'like.added': '`LikesService.set`',
  'like.removed': '`LikesService.set`',
  'comment.added': '`CommentsService.add`',
  'post.created': '`CreatePostService.create`, a remote post stored',
  'post.edited': '`PostEditsService.update`, a remote post updated',
  'post.deleted': '`PostEditsService.delete`, `removeByAdmin`',
  'follow.added': '`FollowsService.follow`',
  'follow.removed': '`FollowsService.unfollow`, `BlocksService.block`',
  'follow_request.sent': '`FollowsService.follow` (a private account here)',
  'follow_request.sent_remote': '`FollowsService.follow` (a person of another server)',
  'follow_request.approved': '`FollowsService.approve`, going public',
  'follow_request.ended': 'withdraw, decline, block',
  'block.added': '`BlocksService.block`',
  'block.removed': '`BlocksService.unblock`',
  'session.ended': '`AuthService.signOut`',
  'account.deleted': '`AccountService.deleteAccount`',
  'message.sent': '`MessagesService.send`',
  'messages.changed': '`MessagesService`: read, accepted, muted, left, unsent, settings',
  'mention.received': 'the inbox: a Note elsewhere names people here',
  'instance.updated': '`InstanceService.update`',
  'report.forwarded': '`ReportsService.report` (asked to forward)',
};

/** The concerns, in the order their subscribers run for one event. */
const concerns = [
  {
    name: 'notifications',
    table: notificationSubscribers,
    deps: (d: SubscriberDeps) => d.notifications,
  },
  { name: 'live events', table: liveEventSubscribers, deps: (d: SubscriberDeps) => d.liveEvents },
  { name: 'caches', table: cacheSubscribers, deps: (d: SubscriberDeps) => d.caches },
  { name: 'web push', table: pushSubscribers, deps: (d: SubscriberDeps) => d.push },
  {
    name: 'other servers',
    table: otherServerSubscribers,
    deps: (d: SubscriberDeps) => d.otherServers,
  },
] as const;

/** Each event type's subscribers, concern by concern: what the docs' event table shows. */
export function subscribersOf(type: DomainEventType): { concern: string; does: string }[] {
  return concerns.flatMap(({ name, table }) => {
    const does = describedIn(table, type);
    return does === undefined ? [] : [{ concern: name, does }];
  });
}

/**
 * The one place where side effects are hung on the bus, called once when the context is built
 * (create-context.ts). A concern whose dependency is missing (other servers, with federation off)
 * is left out.
 */
export function subscribeAll(events: EventBus, deps: SubscriberDeps): void {
  for (const concern of concerns) {
    const dependency = concern.deps(deps);
    if (dependency === undefined) continue;
    subscribeConcern(events, concern.table as SubscriberTable<unknown>, dependency);
  }
}

/** The docs' event table (docs/architecture.md), made from the registry. */
export function eventTable(): string {
  const rows = (Object.keys(eventPublishers) as DomainEventType[]).map((type) => [
    `\`${type}\``,
    eventPublishers[type],
    subscribersOf(type)
      .map(({ concern, does }) => `${concern}: ${does}`)
      .join('; '),
  ]);
  const header = ['type', 'published by', 'subscribers'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}
