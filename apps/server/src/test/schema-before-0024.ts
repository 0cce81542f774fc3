import type { Generated, Kysely } from 'kysely';
import type { DB, PostsTable } from '../db/schema';

/**
 * The tables of posts as migrations 0001–0023 left them: each post mirrored its first photo in
 * `posts.image_*`, and `post_images` held every photo. Tests that build a database as an older
 * version did write through these shapes.
 */
export interface PostsBefore0024 extends PostsTable {
  image_key: string;
  image_width: number;
  image_height: number;
  image_placeholder: string | null;
  image_variants: string;
}

export interface PostImagesBefore0024 {
  id: string;
  post_id: string;
  position: number;
  image_key: string;
  width: number;
  height: number;
  placeholder: string | null;
  variants: string;
  alt_text: string | null;
  blurhash: Generated<string | null>;
  jpeg_key: Generated<string | null>;
}

export type DbBefore0024 = Omit<DB, 'posts' | 'media_attachments'> & {
  posts: PostsBefore0024;
  post_images: PostImagesBefore0024;
};

/** The same connection, typed as the schema before migration 0024. */
export const before0024 = (db: Kysely<DB>) => db as unknown as Kysely<DbBefore0024>;
