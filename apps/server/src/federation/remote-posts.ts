import type { AppContext } from '../app-context';
import type { StoreOutcome } from '../services/remote-posts.service';
import type { RemoteNote } from './remote-notes';

export type { StoreOutcome } from '../services/remote-posts.service';

type Deps = Pick<AppContext, 'services'>;

/**
 * The inbox's side of a remote post: a Note read (federation/remote-notes.ts) is handed to the
 * remote posts service, which records it through the same path as a local post. Nothing here
 * writes: an adapter translates and calls.
 */
export function storeRemotePost(
  deps: Deps,
  authorId: string,
  note: RemoteNote,
  options: { publicOnly?: boolean } = {},
): Promise<StoreOutcome> {
  return deps.services.remotePosts.store(authorId, note, options);
}

/** An `Update` of a remote post by its author. */
export function updateRemotePost(deps: Deps, authorId: string, note: RemoteNote): Promise<boolean> {
  return deps.services.remotePosts.update(authorId, note);
}

/** A remote post's `Delete` by its author. */
export function deleteRemotePost(deps: Deps, senderId: string, noteUrl: string): Promise<boolean> {
  return deps.services.remotePosts.delete(senderId, noteUrl);
}
