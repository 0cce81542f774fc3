/** Product constants shared by server and client. A magic number elsewhere is a bug. */
export const limits = {
  /** Uploads must be under 5 MB (5 × 1024 × 1024 bytes). */
  maxUploadBytes: 5 * 1024 * 1024,
  /**
   * A picked photo over maxUploadBytes is made smaller in the browser before it is sent, to at
   * most this many pixels on its longest side (Instagram keeps less; a camera's detail survives).
   */
  pickedPhotoMaxSide: 4096,
  /** VIDEO_MAX_SECONDS by default, its ceiling, and a story's limit (API.md Part 4, Video). */
  videoDefaultMaxSeconds: 60,
  videoMaxSecondsCeiling: 180,
  storyVideoMaxSeconds: 60,
  /** VIDEO_MAX_MB by default. */
  videoDefaultMaxMegabytes: 100,
  /** Pixels on either side of an uploaded video. */
  videoMaxSide: 4096,
  /** The longest side of a transcoded video. */
  videoOutputMaxSide: 1080,
  videoMaxFps: 60,
  passwordMinLength: 6,
  /** Upper bound so a huge password cannot be used to burn CPU in the hash. */
  passwordMaxLength: 128,
  usernameMaxLength: 30,
  fullNameMaxLength: 64,
  emailMaxLength: 254,
  bioMaxLength: 150,
  websiteMaxLength: 200,
  captionMaxLength: 2200,
  /** Photos in one post (a carousel); the first is the post's `image`. */
  maxPostImages: 10,
  /** Alt text of one photo. */
  maxAltTextLength: 1000,
  commentMaxLength: 2200,
  feedDefaultLimit: 10,
  feedMaxLimit: 50,
  /** The home feed asks for 20 posts a page. */
  homeFeedLimit: 20,
  commentsPreviewCount: 2,
  profileGridColumns: 3,
  feedSkeletonCount: 3,
  /** Posts in the feed's first paint (more than a large screen shows); the rest follow at once. */
  feedFirstPaintCount: 3,
  /** People lists (followers, following, requests): the default and maximum page. */
  listDefaultLimit: 20,
  listMaxLimit: 50,
  /** Saved posts: the default and maximum page. */
  savedDefaultLimit: 20,
  savedMaxLimit: 50,
  suggestionsDefaultLimit: 5,
  suggestionsMaxLimit: 30,
  /** An import archive (a zip) may be up to 2 GB. */
  maxImportArchiveBytes: 2 * 1024 * 1024 * 1024,
  /** Square avatar variants, in px. */
  avatarVariantSizes: [150, 320] as const,
  /**
   * Search: the query's length (long enough for the URL of a post on another server), and how
   * many people and hashtags an answer holds.
   */
  searchMaxLength: 256,
  searchProfilesLimit: 20,
  searchHashtagsLimit: 10,
  /** A hashtag's longest name; a longer run after `#` is not a hashtag. */
  hashtagMaxLength: 64,
  /** Hashtags and mentions stored per caption (Instagram's cap is 30 hashtags); the rest stay text. */
  maxHashtagsPerText: 30,
  maxMentionsPerText: 20,
  /** Grids (explore, a hashtag, tagged): default and maximum page. */
  gridDefaultLimit: 24,
  gridMaxLimit: 60,
  notificationsDefaultLimit: 30,
  notificationsMaxLimit: 100,
  /** A story is in every list for exactly this long after it is shared (24 hours). */
  storyLifetimeMs: 24 * 60 * 60 * 1000,
  /** A story's widest variant, in px (variants are the post widths up to this one). */
  storyMaxWidth: 1080,
  /** Signed out, `GET /api/stories` answers the most recent trays of everyone, this many. */
  storyTraysSignedOutLimit: 30,
  /** How long each story shows in the viewer before the next, in ms. */
  storyShowMs: 5000,
  /**
   * Image variant widths stored beside each original, never upscaled. 828 is for the commonest
   * phones: a 390–414 px wide screen at 1.75–2x wants 720–830 px, and without it the srcset
   * jumped from 640 to 1080, about 1.7 times the bytes (the feed's first photo is the page's
   * largest paint: Lighthouse's phone, 412 px at 1.75x, went from 1080 to 828 px).
   */
  imageVariantWidths: [320, 640, 828, 1080] as const,
} as const;

/** Image types the create dialog advertises. The server decides the real type from the bytes. */
export const advertisedImageTypes = 'PNG, JPG, GIF up to 5MB';

/** Under the spec's line: what else is read, and that a larger photo is made smaller, not refused. */
export const moreImageTypesHint = 'HEIC, WebP and AVIF too; larger photos are resized';
