import type { Generated } from 'kysely';
import type {
  FederationKeysTable,
  FederationKvTable,
  FederationQueueTable,
  RemoteActorsTable,
  RemoteFollowsTable,
  RemoteCommentsTable,
  ConversationsTable,
  ConversationMembersTable,
  DirectMessagesTable,
  DirectMessageImagesTable,
  PushSubscriptionsTable,
  NotificationSettingsTable,
  PushDeliveriesTable,
  DomainBlocksTable,
  GoneRemoteActorsTable,
} from './schema-social';
import type {
  RemoteMediaTable,
  RemoteOutboxReadsTable,
  RemotePostsTable,
} from './schema-remote-posts';

export type * from './schema-social';
export type * from './schema-remote-posts';

/**
 * Table types shared by both dialects. Timestamps are ISO-8601 UTC strings with milliseconds
 * (`2026-01-02T03:04:05.678Z`) in both SQLite and PostgreSQL: they sort correctly as text and
 * come back identically from either driver. Booleans are integers 0/1 for the same reason.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
  /** 'member' or 'admin' (migration 0012). */
  role: Generated<'member' | 'admin'>;
}

export interface SessionsTable {
  /** SHA-256 of the token, hex: a stolen database does not yield usable sessions. */
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  /** The browser's User-Agent at sign-in, cut to 512 characters (migration 0005). */
  user_agent: string | null;
  /** Last request seen, written at most every few minutes (auth.service.ts). */
  last_seen_at: string | null;
}

export interface ProfilesTable {
  id: string;
  username: string;
  full_name: string;
  /** Storage key of the picture shown as `avatar_url`; never a URL. */
  avatar_key: string | null;
  /** JSON of the picture's variants, written and read by repositories/stored-variants.ts. */
  avatar_variants: string | null;
  /** ThumbHash (base64) of the picture, shown while it loads; null for pictures set before 0015. */
  avatar_placeholder: string | null;
  bio: string | null;
  website: string | null;
  is_verified: Generated<number>;
  posts_count: Generated<number>;
  followers_count: Generated<number>;
  following_count: Generated<number>;
  /** 1: only approved followers see the posts and lists. */
  is_private: Generated<number>;
  created_at: string;
  /** Set while an admin has suspended the account (migration 0012): its content is hidden. */
  suspended_at: Generated<string | null>;
  /** Who may start a conversation with this person (migration 0018). */
  allow_messages_from: Generated<'everyone' | 'following' | 'nobody'>;
}

export interface PostsTable {
  id: string;
  user_id: string;
  caption: string | null;
  likes_count: Generated<number>;
  comments_count: Generated<number>;
  created_at: string;
  /** When the author last changed the caption or photos; null if never. */
  edited_at: Generated<string | null>;
}

/**
 * One photo (or, from the video issue on, video) of a post; `position` 0 is the first, which
 * grids, notifications and shared-post thumbnails show (migration 0024, `post_images` before).
 */
export interface MediaAttachmentsTable {
  id: string;
  post_id: string;
  position: number;
  type: Generated<MediaType>;
  /** The original: a cleaned photo, or a transcoded video. */
  file_key: string;
  width: number;
  height: number;
  placeholder: string | null;
  /** JSON array of `{ key, width, height }`, smallest first (repositories/stored-variants.ts). */
  variants: string;
  alt_text: string | null;
  /** BlurHash for other servers (migration 0021); null until made. */
  blurhash: Generated<string | null>;
  /** A full-size JPEG copy for other servers, of a WebP, AVIF or PNG original (migration 0021). */
  jpeg_key: Generated<string | null>;
  /** `processing` while a video is transcoded; its post is then its author's only. */
  status: Generated<MediaStatus>;
  /** A video's length in seconds; null for a photo. */
  duration_s: Generated<number | null>;
  /** A video's poster as JSON `{ key, width, height, variants }`; null for a photo. */
  poster: Generated<string | null>;
  /** The photographer's camera details as JSON, when they chose to show them; null otherwise. */
  camera: Generated<string | null>;
}

export type MediaType = 'image' | 'video';
export type MediaStatus = 'ready' | 'processing' | 'failed';

/** A video waiting to be transcoded (migration 0026): a post's attachment or a story. */
export interface VideoJobsTable {
  media_id: string;
  kind: 'post' | 'story' | 'message';
  /** Whose folder the files go to. */
  owner_id: string;
  attempts: Generated<number>;
  ready_at: string;
  claimed_until: string | null;
  created_at: string;
}

/** A post someone saved to look at again. */
export interface SavesTable {
  user_id: string;
  post_id: string;
  created_at: string;
}

export interface LikesTable {
  id: string;
  post_id: string;
  user_id: string;
  created_at: string;
}

export interface CommentsTable {
  id: string;
  post_id: string;
  user_id: string;
  content: string;
  created_at: string;
}

/** One row per approved follow: `follower_id` follows `followee_id`. */
export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: string;
}

/** A request to follow a private account, until its owner approves or declines it. */
export interface FollowRequestsTable {
  requester_id: string;
  target_id: string;
  created_at: string;
}

/** One row per block: `blocker_id` blocked `blocked_id` (migration 0013). */
export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: string;
}

/** Secrets every instance shares, made once by a migration (the media URL signing key). */
export interface InstanceSecretsTable {
  name: string;
  value: string;
}

/** One background import of an archive (migration 0005); `failures` is JSON `[{ item, reason }]`. */
export interface ImportsTable {
  id: string;
  user_id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  posts_total: Generated<number>;
  posts_done: Generated<number>;
  /** Posts this import added, and posts the account already had from the archive (0006). */
  posts_imported: Generated<number>;
  posts_skipped: Generated<number>;
  failures: Generated<string>;
  created_at: string;
  /** Moves while the job runs: a running job whose heartbeat stopped was interrupted. */
  updated_at: string;
}

/** An archive post an account already imported, by a key derived from the archive's post. */
export interface ImportedPostsTable {
  user_id: string;
  source_key: string;
  post_id: string;
}

/** Written only by triggers (migration 0002); read by repositories/cache-changes.repository.ts. */
export interface CacheChangesTable {
  id: Generated<number>;
  topic: string;
  created_ms: Generated<number>;
}

/** A folded word a person is found by (migration 0007): their username, each word of their name. */
export interface SearchTermsTable {
  term: string;
  profile_id: string;
}

export interface HashtagsTable {
  name: string;
  posts_count: Generated<number>;
  /** The name as search compares it, only where that differs from the name (0011). */
  folded: string | null;
}

/** A post carries a hashtag; `created_at` is the post's, for newest-first pages (0007). */
export interface PostHashtagsTable {
  post_id: string;
  hashtag: string;
  created_at: string;
}

/** A caption mentions a person (the TAGGED tab); `created_at` is the post's (0007). */
export interface PostMentionsTable {
  post_id: string;
  profile_id: string;
  created_at: string;
}

/** Something someone did to `user_id` (0007); `read_at` null while unread. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  actor_id: string;
  type: 'like' | 'comment' | 'follow' | 'mention' | 'follow_request' | 'follow_accepted';
  post_id: string | null;
  comment_id: string | null;
  created_at: string;
  read_at: string | null;
}

/** A photo shown until `expires_at` (`created_at` + 24 h, migration 0010), compared in app time. */
export interface StoriesTable {
  id: string;
  user_id: string;
  image_key: string;
  width: number;
  height: number;
  placeholder: string | null;
  /** JSON array of `{ key, width, height }`, smallest first (repositories/stored-variants.ts). */
  variants: string;
  created_at: string;
  expires_at: string;
  /** `processing` while its video is transcoded (its author's only), `failed` if it could not be. */
  status: Generated<MediaStatus>;
  /** A video story's MP4 (migration 0026); `image_key` is then its poster. Null for a photo. */
  video_key: Generated<string | null>;
  duration_s: Generated<number | null>;
}

/** `viewer_id` has seen the story (once is enough: the row is never written twice). */
export interface StoryViewsTable {
  story_id: string;
  viewer_id: string;
  viewed_at: string;
}

/** The one row (id 1) naming the instance's first account, its first admin (migration 0012). */
export interface FirstAdminTable {
  id: number;
  user_id: string;
}

export interface InvitesTable {
  code: string;
  uses_left: number;
  expires_at: string;
  created_by: string | null;
  created_at: string;
}

export interface ReportsTable {
  id: string;
  reporter_id: string;
  target_type: 'post' | 'comment' | 'profile' | 'message';
  target_id: string;
  target_user_id: string;
  reason: 'spam' | 'nudity' | 'harassment' | 'violence' | 'other';
  note: string | null;
  status: Generated<'open' | 'resolved'>;
  resolution: 'dismiss' | 'remove_content' | 'suspend_author' | null;
  resolved_by: string | null;
  resolved_at: string | null;
  created_at: string;
}

export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  action: string;
  target_type: string;
  target_id: string;
  summary: string;
  created_at: string;
}

/** A password-reset link (migration 0014): only the token's SHA-256 is stored. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  /** Set when the link is used: a link works once. */
  used_at: string | null;
}

/** At most one row, id 1 (migration 0016): what `/about` shows; no row means the defaults. */
export interface InstanceSettingsTable {
  id: number;
  name: string;
  description: string;
  /** JSON array of strings. */
  rules: string;
  /** Empty: no contact shown. */
  contact_email: string;
  updated_at: string;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  profiles: ProfilesTable;
  posts: PostsTable;
  media_attachments: MediaAttachmentsTable;
  video_jobs: VideoJobsTable;
  saves: SavesTable;
  likes: LikesTable;
  comments: CommentsTable;
  cache_changes: CacheChangesTable;
  follows: FollowsTable;
  follow_requests: FollowRequestsTable;
  blocks: BlocksTable;
  instance_secrets: InstanceSecretsTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_settings: NotificationSettingsTable;
  push_deliveries: PushDeliveriesTable;
  imports: ImportsTable;
  imported_posts: ImportedPostsTable;
  search_terms: SearchTermsTable;
  hashtags: HashtagsTable;
  post_hashtags: PostHashtagsTable;
  post_mentions: PostMentionsTable;
  notifications: NotificationsTable;
  stories: StoriesTable;
  story_views: StoryViewsTable;
  first_admin: FirstAdminTable;
  invites: InvitesTable;
  reports: ReportsTable;
  audit_log: AuditLogTable;
  password_resets: PasswordResetsTable;
  instance_settings: InstanceSettingsTable;
  federation_keys: FederationKeysTable;
  federation_kv: FederationKvTable;
  federation_queue: FederationQueueTable;
  remote_actors: RemoteActorsTable;
  remote_follows: RemoteFollowsTable;
  remote_comments: RemoteCommentsTable;
  remote_posts: RemotePostsTable;
  remote_media: RemoteMediaTable;
  remote_outbox_reads: RemoteOutboxReadsTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  direct_messages: DirectMessagesTable;
  domain_blocks: DomainBlocksTable;
  gone_remote_actors: GoneRemoteActorsTable;
  direct_message_images: DirectMessageImagesTable;
}
