import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/**
 * What other servers are sent of a post photo. `blurhash`: Mastodon and Pixelfed draw a
 * BlurHash while a photo loads (our own ThumbHash means nothing to them); made at upload, and
 * for older photos the first time their post is sent. `jpeg_key`: a full-size JPEG copy of a
 * photo stored as WebP, AVIF or PNG (Pixelfed takes JPEG, PNG and GIF only, and some servers
 * JPEG best), made the first time the post is sent; null for JPEG and GIF originals.
 */
export const blurhash: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table post_images add column blurhash text`.execute(db);
    await sql`alter table post_images add column jpeg_key text`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table post_images drop column jpeg_key`.execute(db);
    await sql`alter table post_images drop column blurhash`.execute(db);
  },
};
