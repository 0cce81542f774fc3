import type { Context, Federation, RequestContext } from '@fedify/fedify';
import { Create } from '@fedify/vocab';
import type { AppContext } from '../app-context';
import type { LocalProfileRow } from '../services/remote-people.service';
import type { NoteMedia } from './note-media';
import { storedRecipient } from './activities';
import { noteOf } from './notes';

/** Items a collection page holds (Mastodon pages its outbox by 20). */
const pageSize = 20;

type Deps = Pick<AppContext, 'services'>;

type LocalProfile = (username: string) => Promise<LocalProfileRow | undefined>;

/**
 * Whether this request may read a person's posts and collections: anyone for a public account;
 * for a private one, only a fetch signed by one of its followers (Fedify answers others 401).
 */
export async function mayRead(
  deps: Deps,
  ctx: RequestContext<void>,
  profile: { id: string; is_private: number },
): Promise<boolean> {
  if (profile.is_private !== 1) return true;
  const signer = await ctx.getSignedKeyOwner();
  if (!signer?.id) return false;
  return deps.services.federatedReads.isFollowerActor(signer.id.href, profile.id);
}

/** An outbox cursor: the position of the last post of the page before, as `created_at|id`. */
const decodeCursor = (cursor: string) => {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  return createdAt && id ? { createdAt, id } : undefined;
};
const encodeCursor = (post: { created_at: string; id: string }) =>
  Buffer.from(`${post.created_at}|${post.id}`).toString('base64url');

/**
 * A person's outbox (their posts as `Create{Note}`, newest first, paged), followers and
 * following (actor URIs, paged, as Mastodon lists them), each with its size; a private account's
 * only to its followers.
 */
export function dispatchCollections(
  federation: Federation<void>,
  deps: Deps,
  localProfile: LocalProfile,
  media: NoteMedia,
): void {
  const reads = deps.services.federatedReads;
  const authorize = async (ctx: RequestContext<void>, identifier: string) => {
    const profile = await localProfile(identifier);
    return profile !== undefined && mayRead(deps, ctx, profile);
  };

  federation
    .setOutboxDispatcher('/users/{identifier}/outbox', async (ctx, identifier, cursor) => {
      const profile = await localProfile(identifier);
      if (!profile || cursor === null) return profile ? { items: [] } : null;
      const after = cursor === '' ? undefined : decodeCursor(cursor);
      if (cursor !== '' && !after) return null;
      const sources = await reads.outboxPage(profile.id, pageSize, after);
      const items = await Promise.all(
        sources.map(async (source) => {
          const note = await noteOf(ctx, source, media);
          return new Create({
            id: new URL(`${note.id!.href}#create`),
            actor: note.attributionId,
            to: note.toId,
            cc: note.ccId,
            // Temporal.Instant, unknown to TypeScript 5.9 (see notes.ts).
            // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
            published: note.published,
            object: note,
          });
        }),
      );
      const last = sources.at(-1)?.post;
      return { items, nextCursor: sources.length === pageSize && last ? encodeCursor(last) : null };
    })
    .setFirstCursor(() => '')
    .setCounter(async (_ctx, identifier) => (await localProfile(identifier))?.posts_count ?? null)
    .authorize(authorize);

  /** A page of followers or followees: local people by their actor here, remote ones by theirs. */
  const followPage = async (
    ctx: Context<void>,
    identifier: string,
    cursor: string | null,
    side: 'followers' | 'following',
  ) => {
    const profile = await localProfile(identifier);
    if (!profile) return null;
    if (cursor === null) return { rows: [], nextCursor: null };
    const offset = cursor === '' ? 0 : Number(cursor);
    if (!Number.isSafeInteger(offset) || offset < 0) return null;
    const rows = await reads.followPage(profile.id, side, pageSize, offset);
    const recipients = rows.map((row) =>
      row.actor_url && row.inbox_url
        ? storedRecipient({ ...row, actor_url: row.actor_url, inbox_url: row.inbox_url })
        : {
            id: ctx.getActorUri(row.username),
            inboxId: ctx.getInboxUri(row.username),
            endpoints: { sharedInbox: ctx.getInboxUri() },
          },
    );
    return {
      rows: recipients,
      nextCursor: rows.length === pageSize ? String(offset + pageSize) : null,
    };
  };

  federation
    .setFollowersDispatcher('/users/{identifier}/followers', async (ctx, identifier, cursor) => {
      const page = await followPage(ctx, identifier, cursor, 'followers');
      return page && { items: page.rows, nextCursor: page.nextCursor };
    })
    .setFirstCursor(() => '')
    .setCounter(
      async (_ctx, identifier) => (await localProfile(identifier))?.followers_count ?? null,
    )
    .authorize(authorize);
  federation
    .setFollowingDispatcher('/users/{identifier}/following', async (ctx, identifier, cursor) => {
      const page = await followPage(ctx, identifier, cursor, 'following');
      return page && { items: page.rows.map((row) => row.id!), nextCursor: page.nextCursor };
    })
    .setFirstCursor(() => '')
    .setCounter(
      async (_ctx, identifier) => (await localProfile(identifier))?.following_count ?? null,
    )
    .authorize(authorize);
}
