import type { Generated } from 'kysely';

/** The Note a remote person's post came as (migration 0022). */
export interface RemotePostsTable {
  post_id: string;
  note_url: string;
  /** The post's page on its own server, shown as `remote_url`. */
  url: string | null;
  /** 1: addressed to everyone; 0: to the author's followers only. */
  is_public: number;
}

export type RemoteMediaStatus = 'pending' | 'stored' | 'failed' | 'expired';

/** Where a remote photo comes from and the state of our copy (migration 0022). */
export interface RemoteMediaTable {
  image_id: string;
  post_id: string;
  author_id: string;
  source_url: string;
  status: RemoteMediaStatus;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  last_viewed_at: string;
}

/** When a remote person's outbox was last read for their recent posts (migration 0022). */
export interface RemoteOutboxReadsTable {
  profile_id: string;
  read_at: string;
}
