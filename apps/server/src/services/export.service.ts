import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Infrastructure } from '../context';
import { notFound } from '../errors';
import { listMessagesBySender } from '../repositories/conversations.repository';
import { listMessageImages } from '../repositories/message-images.repository';
import { readAccountForExport } from '../repositories/export.repository';
import { listLiveStoriesOf } from '../repositories/stories.repository';

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** The name of a photo's original inside the zip: its post, its place, its stored extension. */
export const exportedMediaPath = (postId: string, position: number, key: string) =>
  `media/${postId}-${position + 1}${key.slice(key.lastIndexOf('.'))}`;

/** The name of a live story's original inside the zip. */
export const exportedStoryPath = (storyId: string, key: string) =>
  `media/stories/${storyId}${key.slice(key.lastIndexOf('.'))}`;

/** The name of a video story's MP4 inside the zip (its poster is `exportedStoryPath`). */
export const exportedStoryVideoPath = (storyId: string) => `media/stories/${storyId}.mp4`;

/** The name of a message video's MP4 inside the zip, beside its poster. */
export const exportedMessageVideoPath = (messageId: string, position: number) =>
  `media/messages/${messageId}-${position + 1}.mp4`;

/** The name of a message photo's original inside the zip. */
export const exportedMessagePhotoPath = (messageId: string, position: number, key: string) =>
  `media/messages/${messageId}-${position + 1}${key.slice(key.lastIndexOf('.'))}`;

/**
 * "Download your data": a zip of the account's rows as JSON and the originals of its photos and
 * the MP4s of its videos (posts, stories and messages; a video story or message keeps its poster
 * too). The
 * rows are read first (one account's rows fit in memory: a few MB for thousands of posts); each
 * photo is opened from the store only when the zip reaches it and streamed through, so memory
 * stays flat however many photos there are, and a slow reader slows the reads (back-pressure).
 * Photos are stored, not deflated: they are compressed already.
 */
export class ExportService {
  constructor(private readonly infra: Infrastructure) {}

  async zipOf(userId: string): Promise<{ username: string; stream: Readable }> {
    const data = await readAccountForExport(this.infra.database.db, userId);
    if (!data.user || !data.profile) throw notFound();
    const { profile } = data;
    const zip = new ZipFile();
    zip.addBuffer(
      json({
        username: profile.username,
        full_name: profile.full_name,
        email: data.user.email,
        bio: profile.bio,
        website: profile.website,
        is_private: Boolean(profile.is_private),
        created_at: profile.created_at,
      }),
      'profile.json',
    );
    const imagesOf = new Map<string, typeof data.images>();
    for (const image of data.images) {
      const list = imagesOf.get(image.post_id) ?? [];
      list.push(image);
      imagesOf.set(image.post_id, list);
    }
    zip.addBuffer(
      json(
        data.posts.map((post) => ({
          id: post.id,
          caption: post.caption,
          created_at: post.created_at,
          edited_at: post.edited_at,
          likes_count: Number(post.likes_count),
          comments_count: Number(post.comments_count),
          images: (imagesOf.get(post.id) ?? []).map((image) => ({
            // A video's file is its MP4 (its `file_key`), as a photo's is its original.
            type: image.type,
            path: exportedMediaPath(post.id, image.position, image.file_key),
            width: image.width,
            height: image.height,
            alt_text: image.alt_text,
            ...(image.type === 'video' ? { duration_s: image.duration_s } : {}),
          })),
        })),
      ),
      'posts.json',
    );
    zip.addBuffer(json(data.comments), 'comments.json');
    zip.addBuffer(json(data.likes), 'likes.json');
    zip.addBuffer(json(data.followers), 'followers.json');
    zip.addBuffer(json(data.following), 'following.json');
    zip.addBuffer(json(data.saved), 'saved.json');
    zip.addBuffer(json(data.blocked), 'blocked.json');
    const sent = await listMessagesBySender(this.infra.database.db, userId);
    const photos = await listMessageImages(
      this.infra.database.db,
      sent.map((message) => message.id),
    );
    const photoFiles = photos.map((photo) => ({
      message_id: photo.message_id,
      path: exportedMessagePhotoPath(photo.message_id, photo.position, photo.image_key),
      key: photo.image_key,
      width: photo.width,
      height: photo.height,
      // A video sent: its MP4 beside its poster (`image_key`), once transcoded.
      video: photo.video_key
        ? {
            path: exportedMessageVideoPath(photo.message_id, photo.position),
            key: photo.video_key,
            duration_s: photo.duration_s,
          }
        : null,
    }));
    zip.addBuffer(
      json(
        sent.map((message) => ({
          ...message,
          images: photoFiles
            .filter((photo) => photo.message_id === message.id)
            .map(({ path, width, height, video }) => ({
              path,
              width,
              height,
              ...(video ? { video: { path: video.path, duration_s: video.duration_s } } : {}),
            })),
        })),
      ),
      'messages.json',
    );
    // Stories still live now: an expired one is gone for its author too.
    const stories = await listLiveStoriesOf(
      this.infra.database.db,
      userId,
      this.infra.clock.now().toISOString(),
    );
    zip.addBuffer(
      json(
        stories.map((story) => ({
          id: story.id,
          created_at: story.created_at,
          expires_at: story.expires_at,
          path: exportedStoryPath(story.id, story.image_key),
          width: story.width,
          height: story.height,
          ...(story.video_key
            ? {
                video: {
                  path: exportedStoryVideoPath(story.id),
                  duration_s: story.duration_s === null ? null : Number(story.duration_s),
                },
              }
            : {}),
        })),
      ),
      'stories.json',
    );
    const files = [
      ...data.images.map((image) => ({
        path: exportedMediaPath(image.post_id, image.position, image.file_key),
        key: image.file_key,
      })),
      ...stories.map((story) => ({
        path: exportedStoryPath(story.id, story.image_key),
        key: story.image_key,
      })),
      // A video story's MP4: `image_key` is only its poster.
      ...stories.flatMap((story) =>
        story.video_key ? [{ path: exportedStoryVideoPath(story.id), key: story.video_key }] : [],
      ),
      ...photoFiles.map(({ path, key }) => ({ path, key })),
      ...photoFiles.flatMap(({ video }) => (video ? [{ path: video.path, key: video.key }] : [])),
    ];
    for (const file of files) {
      zip.addReadStreamLazy(file.path, { compress: false }, (callback) => {
        this.infra.storage.read(file.key).then(
          (stream) => callback(null, stream),
          (error: unknown) => callback(error, undefined as never),
        );
      });
    }
    zip.end();
    return { username: profile.username, stream: zip.outputStream as Readable };
  }
}
