import type { Federation } from '@fedify/fedify';
import type { AppContext } from '../app-context';
import type { DomainEventOf } from '../events/domain-events';
import type { RemoteDeliveries } from '../events/subscribers/other-servers';
import { sendAccountDeletion } from './account-deletion';
import { postAndFollowSenders } from './deliveries';
import { sendFlag } from './flags';
import { remoteFollowSenders } from './remote-follows';
import { remoteInteractionSenders } from './remote-interactions';

type Deps = Pick<
  AppContext,
  'config' | 'database' | 'services' | 'storage' | 'signer' | 'imageQueue' | 'clock'
>;

/**
 * The outbox: every activity a local action sends, one method per kind. The event registry
 * (events/subscribers/other-servers.ts) decides which action calls which; this only translates
 * into ActivityPub and queues.
 */
export class FederationOutbox implements RemoteDeliveries {
  readonly #federation: Federation<void>;
  readonly #deps: Deps;
  readonly #posts: ReturnType<typeof postAndFollowSenders>;
  readonly #follows: ReturnType<typeof remoteFollowSenders>;
  readonly #interactions: ReturnType<typeof remoteInteractionSenders>;

  constructor(federation: Federation<void>, deps: Deps) {
    this.#federation = federation;
    this.#deps = deps;
    this.#posts = postAndFollowSenders(federation, deps);
    this.#follows = remoteFollowSenders(federation, deps);
    this.#interactions = remoteInteractionSenders(federation, deps);
  }

  like(postId: string, userId: string, likeId: string, undo: boolean) {
    return this.#interactions.sendLike(postId, userId, likeId, undo);
  }
  comment(commentId: string, postId: string, userId: string) {
    return this.#interactions.sendComment(commentId, postId, userId);
  }
  post(postId: string, authorId: string, verb: 'create' | 'update') {
    return this.#posts.sendPost(postId, authorId, verb);
  }
  postDeleted(postId: string, authorId: string) {
    return this.#posts.sendPostDeleted(postId, authorId);
  }
  block(blockerId: string, blockedId: string, undo: boolean) {
    return this.#posts.sendBlock(blockerId, blockedId, undo);
  }
  acceptFollow(followerId: string, followeeId: string) {
    return this.#posts.sendAccept(followerId, followeeId);
  }
  rejectFollow(followerId: string, followeeId: string) {
    return this.#posts.sendReject(followerId, followeeId);
  }
  follow(followerId: string, followeeId: string) {
    return this.#follows.sendFollow(followerId, followeeId);
  }
  undoFollow(followerId: string, followeeId: string) {
    return this.#follows.sendUndo(followerId, followeeId);
  }
  accountDeleted(event: DomainEventOf<'account.deleted'>) {
    return sendAccountDeletion(this.#federation, this.#deps, event);
  }
  flag(reportId: string) {
    return sendFlag(this.#federation, this.#deps, reportId);
  }
}
