import type { Generated } from 'kysely';

/**
 * The tables of federation (migration 0017), direct messages (0018) and Web Push (0019), apart
 * from `schema.ts` only to keep each file short; the same rules on timestamps and booleans hold.
 */

/** A local person's (or the instance actor's) key pair as JWK (migration 0017). */
export interface FederationKeysTable {
  owner_id: string;
  algorithm: 'RSASSA-PKCS1-v1_5' | 'Ed25519';
  private_key: string;
  public_key: string;
  created_at: string;
}

/** Fedify's key–value store (migration 0017): `key` is the JSON of its key array. */
export interface FederationKvTable {
  key: string;
  value: string;
  expires_at: string | null;
}

/** Fedify's message queue (migration 0017). */
export interface FederationQueueTable {
  id: string;
  message: string;
  ordering_key: string | null;
  ready_at: string;
  /** Set while an instance works on it; past, the message is free to take again. */
  claimed_until: string | null;
  created_at: string;
}

/** Where a remote person lives (migration 0017); their `profiles.username` is `user@host`. */
export interface RemoteActorsTable {
  profile_id: string;
  actor_url: string;
  inbox_url: string;
  shared_inbox_url: string | null;
  profile_url: string | null;
  host: string;
  updated_at: string;
}

/** The id of a remote person's Follow of a local one (migration 0017). */
export interface RemoteFollowsTable {
  follower_id: string;
  followee_id: string;
  activity_id: string;
}

/** The Note a remote reply came as (migration 0017). */
export interface RemoteCommentsTable {
  comment_id: string;
  note_url: string;
}

/** A direct conversation (migration 0018); `pair_key` only on one-to-one ones. */
export interface ConversationsTable {
  id: string;
  is_group: Generated<number>;
  name: string | null;
  pair_key: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** Who is in a conversation, and where each stands in it. */
export interface ConversationMembersTable {
  conversation_id: string;
  user_id: string;
  is_request: Generated<number>;
  muted: Generated<number>;
  last_read_at: string | null;
  joined_at: string;
}

export interface DirectMessagesTable {
  id: string;
  conversation_id: string;
  sender_id: string;
  text: string | null;
  post_id: string | null;
  /** The story this message replies to (migration 0025); kept after the story is gone. */
  story_id: string | null;
  created_at: string;
}

/** A photo of a direct message (migration 0023); `variants` is JSON, as `stories.variants`. */
export interface DirectMessageImagesTable {
  id: string;
  message_id: string;
  position: number;
  image_key: string;
  file_base: string;
  width: number;
  height: number;
  placeholder: string | null;
  variants: string;
  /** A video (migration 0026): `processing` until transcoded, then `image_key` is its poster. */
  status: Generated<'ready' | 'processing' | 'failed'>;
  /** Its MP4, named `{poster's base}-{width}w.mp4` so `file_base` finds its message. */
  video_key: Generated<string | null>;
  duration_s: Generated<number | null>;
}

/** A browser subscribed to Web Push (migration 0019). */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** Which kinds one person gets pushes for (migration 0019); no row: every kind. */
export interface NotificationSettingsTable {
  user_id: string;
  push_likes: Generated<number>;
  push_comments: Generated<number>;
  push_follows: Generated<number>;
  push_follow_requests: Generated<number>;
  push_mentions: Generated<number>;
}

/** Pushes waiting to be sent (or sent again after a failure). */
export interface PushDeliveriesTable {
  id: string;
  subscription_id: string;
  payload: string;
  attempts: Generated<number>;
  next_attempt_at: string;
}

/** A server kept out by an admin (migration 0020); it covers its subdomains. */
export interface DomainBlocksTable {
  domain: string;
  severity: 'suspend' | 'silence';
  reason: string | null;
  created_at: string;
}

/** An actor whose server said it was deleted (migration 0020). */
export interface GoneRemoteActorsTable {
  actor_url: string;
  gone_at: string;
}
