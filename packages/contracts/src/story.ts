import { z } from 'zod';
import { photoEditsFieldSchema } from './photo-edits';
import type { ProfileSummary } from './follow';
import { profileSummarySchema } from './follow';
import { limits } from './limits';
import { mediaStatuses } from './media';
import { postImageSchema } from './post';

/**
 * A photo shown for 24 hours (`limits.storyLifetimeMs`) after it is shared. `image` has the
 * shape of a post's (`variants` up to `limits.storyMaxWidth` wide), so the same `srcSet` draws it.
 */
/** A video story's MP4 (H.264/AAC, `faststart`); `image` is then its poster. */
export const storyVideoSchema = z.object({
  url: z.string(),
  duration_s: z.number(),
});

export const storySchema = z.object({
  id: z.string(),
  user_id: z.string(),
  image: postImageSchema,
  /**
   * Set for a video story once transcoded; null for a photo and while `status` is
   * `processing` (the story is then its author's only) or `failed`.
   */
  video: storyVideoSchema.nullable().optional(),
  status: z.enum(mediaStatuses).optional(),
  created_at: z.string(),
  /** `created_at` + 24 h: from this instant on the story is in no list and answers 404. */
  expires_at: z.string(),
  /** False when signed out; true for your own stories once you have opened them. */
  viewed_by_me: z.boolean(),
  author: profileSummarySchema,
});
export type Story = z.infer<typeof storySchema>;

/**
 * A story inside its tray: the tray names the author once, so a signed-in answer of about a
 * hundred trays does not repeat each author (with avatar URLs), nor the author's id, in every
 * story (`withStoryAuthors` gives both back).
 */
export const trayStorySchema = storySchema.omit({ author: true, user_id: true });
export type TrayStory = z.infer<typeof trayStorySchema>;

/** One person's live stories, oldest first, as the API sends them. */
export const storyTraySchema = z.object({
  author: profileSummarySchema,
  stories: z.array(trayStorySchema).min(1),
  has_unviewed: z.boolean(),
});
export type StoryTrayBody = z.infer<typeof storyTraySchema>;

/**
 * `GET /api/stories`: signed in, your own tray first, then the people you follow (trays with
 * unviewed stories first, then newest first); signed out, the 30 most recent trays of everyone.
 */
export const storyTraysSchema = z.object({ trays: z.array(storyTraySchema) });
export type StoryTraysBody = z.infer<typeof storyTraysSchema>;

/** A tray as the client plays it: every story whole, its author taken from the tray. */
export interface StoryTray {
  author: ProfileSummary;
  stories: Story[];
  has_unviewed: boolean;
}
export interface StoryTrays {
  trays: StoryTray[];
}

/** `GET /api/stories/:id/viewers` (the author only), newest view first. */
export const storyViewersSchema = z.object({
  viewers: z.array(
    z.object({
      profile: profileSummarySchema,
      viewed_at: z.string(),
    }),
  ),
  views_count: z.number().int(),
});
export type StoryViewers = z.infer<typeof storyViewersSchema>;

/**
 * `POST /api/stories`: one photo, checked as a post's. The form is streamed, not validated up
 * front; this schema describes it for the API reference.
 */
export const createStoryFormSchema = z.object({
  image: z
    .file()
    .describe(
      `One photo under 5 MB, its type decided from its bytes; variants up to ${limits.storyMaxWidth} px wide`,
    ),
  edits: photoEditsFieldSchema.optional(),
});
