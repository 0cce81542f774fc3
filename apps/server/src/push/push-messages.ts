import type { PushPayload } from '@pinhole/contracts';

/** A notification as a push tells it: who did what, and the page that shows it. */
export interface PushItem {
  type: 'like' | 'comment' | 'follow' | 'mention' | 'follow_request' | 'follow_accepted';
  actor: string;
  postId: string | null;
  comment: string | null;
}

const maxBodyLength = 120;

function sentence(item: PushItem): string {
  switch (item.type) {
    case 'like':
      return `${item.actor} liked your post.`;
    case 'comment':
      return `${item.actor} commented: ${item.comment ?? ''}`.slice(0, maxBodyLength);
    case 'mention':
      return `${item.actor} mentioned you.`;
    case 'follow':
      return `${item.actor} started following you.`;
    case 'follow_request':
      return `${item.actor} requested to follow you.`;
    case 'follow_accepted':
      return `${item.actor} accepted your follow request.`;
  }
}

function urlOf(item: PushItem): string {
  if (item.postId) return `/p/${item.postId}`;
  return `/${item.actor}`;
}

/**
 * One push for what arrived together for one person: a single notification says itself; many
 * are summed up in one (a phone buzzing ten times for ten likes is noise), opening the page they
 * share or the notifications. The tag lets a later push replace an earlier one on the phone.
 */
export function pushPayload(items: PushItem[], origin: string): PushPayload {
  const [first] = items;
  if (!first) throw new Error('a push needs something to say');
  const urls = new Set(items.map(urlOf));
  const path = urls.size === 1 ? urlOf(first) : '/notifications';
  const others = items.length - 1;
  const body =
    others === 0
      ? sentence(first)
      : `${sentence(first)} And ${others} more notification${others === 1 ? '' : 's'}.`;
  return {
    title: 'Pinhole',
    body,
    url: new URL(path, origin).href,
    tag: urls.size === 1 ? path : 'notifications',
  };
}
