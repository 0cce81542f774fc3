import { isRemoteUsername } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import { findRemoteActorByUrl } from '../repositories/federation-actors.repository';
import { listFollowActors } from '../repositories/federation-collections.repository';
import { isFollowing } from '../repositories/follows.repository';
import type { MediaAttachmentRow } from '../repositories/media-attachments.repository';
import { listMediaOfPosts, setFederationMedia } from '../repositories/media-attachments.repository';
import { findPeopleByUsernames } from '../repositories/notifications.repository';
import type { PostRow } from '../repositories/posts.repository';
import { findPostById, listPosts } from '../repositories/posts.repository';

/** A local post with its photos in order: what its Note is made from (federation/notes.ts). */
export interface NoteSource {
  post: PostRow;
  images: MediaAttachmentRow[];
}

/**
 * What other servers read of this one, and what sending to them records: a post as a Note, a
 * person's outbox and follow collections, who may read a private account (a follower's signed
 * fetch). Federation's dispatchers and Note builders ask here, so they reach no repository.
 */
export class FederatedReadsService {
  constructor(private readonly infra: Infrastructure) {}

  get #db() {
    return this.infra.database.db;
  }

  /**
   * A local post a Note is made of; undefined for a suspended author's, and for a remote
   * person's post (their server's Note, never one of ours).
   */
  async noteSource(postId: string): Promise<NoteSource | undefined> {
    const post = await findPostById(this.#db, postId);
    if (!post || post.author_suspended_at !== null) return undefined;
    if (isRemoteUsername(post.author_username)) return undefined;
    const images = await this.photosOf(postId);
    // Other servers hear of a post once its videos are transcoded (post.created is sent then).
    if (images.some((image) => image.status !== 'ready')) return undefined;
    return { post, images };
  }

  /** A post's photos, in order. */
  async photosOf(postId: string): Promise<MediaAttachmentRow[]> {
    return (await listMediaOfPosts(this.#db, [postId])).get(postId) ?? [];
  }

  /** A page of a person's posts, newest first, with their photos (their outbox). */
  async outboxPage(
    profileId: string,
    limit: number,
    after: { createdAt: string; id: string } | undefined,
  ): Promise<NoteSource[]> {
    const posts = await listPosts(this.#db, { userId: profileId, limit, after });
    const images = await listMediaOfPosts(
      this.#db,
      posts.map((post) => post.id),
    );
    return posts.map((post) => ({ post, images: images.get(post.id) ?? [] }));
  }

  /** A page of a person's followers or followees, each with their actor if remote. */
  followPage(profileId: string, side: 'followers' | 'following', limit: number, offset: number) {
    return listFollowActors(this.#db, profileId, side, { limit, offset });
  }

  /** Whether the remote actor who signed a fetch follows this person (a private account). */
  async isFollowerActor(actorUrl: string, profileId: string): Promise<boolean> {
    const remote = await findRemoteActorByUrl(this.#db, actorUrl);
    return remote !== undefined && isFollowing(this.#db, remote.profile_id, profileId);
  }

  /** A photo's BlurHash and JPEG copy, made the first time it was sent, kept on its row. */
  async keepFederationMedia(
    imageId: string,
    media: { blurhash: string; jpeg_key: string | null },
  ): Promise<void> {
    await setFederationMedia(this.#db, imageId, media);
  }

  /** Which of these usernames are people here (a caption's mentions become links to them). */
  async peopleHere(usernames: readonly string[]): Promise<Set<string>> {
    const found = await findPeopleByUsernames(this.#db, usernames);
    return new Set(found.map((person) => person.username));
  }
}
