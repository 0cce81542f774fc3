import {
  authResponseSchema,
  commentAuthorSchema,
  commentListSchema,
  commentSchema,
  errorBodySchema,
  errorCodes,
  followResultSchema,
  hashtagPostsSchema,
  hashtagSchema,
  imageVariantSchema,
  instanceSchema,
  likeResultSchema,
  notificationPageSchema,
  notificationSchema,
  postAuthorSchema,
  postImageSchema,
  postPhotoSchema,
  postPageSchema,
  postSchema,
  profileSchema,
  profileSummaryPageSchema,
  profileSummarySchema,
  saveResultSchema,
  searchResultSchema,
  sessionResponseSchema,
  storySchema,
  storyTraySchema,
  storyTraysSchema,
  storyViewersSchema,
  suggestionListSchema,
  trayStorySchema,
  suggestionSchema,
  userSchema,
} from '@pinhole/contracts';
import { z } from 'zod';

/**
 * Contract shapes the reference names as components (`#/components/schemas/Post`), so a `Post`
 * reads as one definition instead of being repeated inline in every call that answers one.
 */
export const apiComponents = z.registry<{ id: string; description?: string }>();

apiComponents
  .add(errorBodySchema, {
    id: 'Error',
    description: `Every error. \`code\` is one of ${errorCodes.join(', ')}; \`fields\` (validation and conflicts) maps a field to its message.`,
  })
  .add(userSchema, { id: 'User' })
  .add(profileSchema, { id: 'Profile', description: "A person's public profile; id = user id." })
  .add(authResponseSchema, { id: 'AuthResponse' })
  .add(sessionResponseSchema, { id: 'SessionResponse' })
  .add(imageVariantSchema, { id: 'ImageVariant' })
  .add(postImageSchema, { id: 'PostImage' })
  .add(postPhotoSchema, {
    id: 'PostPhoto',
    description: "One photo of a post, in the author's order.",
  })
  .add(postAuthorSchema, { id: 'PostAuthor' })
  .add(commentAuthorSchema, { id: 'CommentAuthor' })
  .add(commentSchema, { id: 'Comment' })
  .add(commentListSchema, { id: 'CommentList' })
  .add(postSchema, { id: 'Post' })
  .add(postPageSchema, { id: 'PostPage', description: 'A page of posts, newest first.' })
  .add(likeResultSchema, { id: 'LikeResult' })
  .add(saveResultSchema, { id: 'SaveResult' })
  .add(profileSummarySchema, { id: 'ProfileSummary', description: 'A person in a list.' })
  .add(profileSummaryPageSchema, { id: 'ProfileSummaryPage' })
  .add(followResultSchema, { id: 'FollowResult' })
  .add(suggestionSchema, { id: 'Suggestion' })
  .add(suggestionListSchema, { id: 'SuggestionList' })
  .add(hashtagSchema, {
    id: 'Hashtag',
    description: 'A hashtag (lowercase, without #) and its posts.',
  })
  .add(searchResultSchema, { id: 'SearchResult' })
  .add(hashtagPostsSchema, { id: 'HashtagPosts', description: "A page of a hashtag's posts." })
  .add(notificationSchema, {
    id: 'Notification',
    description:
      'Something someone did to you: a like, comment, follow, mention, follow request, or the approval of yours.',
  })
  .add(notificationPageSchema, {
    id: 'NotificationPage',
    description: 'A page of notifications, newest first.',
  })
  .add(storySchema, { id: 'Story', description: 'A photo shown for 24 hours after it is shared.' })
  .add(trayStorySchema, {
    id: 'TrayStory',
    description: 'A story inside its tray: as a Story, without the author the tray names once.',
  })
  .add(storyTraySchema, {
    id: 'StoryTray',
    description: "One person's live stories, oldest first.",
  })
  .add(storyTraysSchema, { id: 'StoryTrays' })
  .add(storyViewersSchema, {
    id: 'StoryViewers',
    description: 'Who has seen a story, newest first.',
  })
  .add(instanceSchema, {
    id: 'InstanceInfo',
    description: 'What the instance says of itself (`/about`), its numbers and its sign-up mode.',
  });
