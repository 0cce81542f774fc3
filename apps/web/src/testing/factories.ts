import type {
  Instance,
  Comment,
  MediaAttachment,
  Post,
  PostPage,
  PostPhoto,
  Profile,
  SessionResponse,
  Suggestion,
} from '@pinhole/contracts';

export const now = new Date('2026-03-01T12:00:00.000Z');
export const fixedClock = { now: () => now.getTime() };

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'user-1',
    username: 'alice',
    full_name: 'Alice Liddell',
    avatar_url: null,
    avatar: null,
    bio: null,
    website: null,
    is_verified: false,
    is_private: false,
    posts_count: 0,
    followers_count: 0,
    following_count: 0,
    followed_by_me: false,
    follows_me: false,
    requested_by_me: false,
    blocked_by_me: false,
    created_at: '2026-01-01T00:00:00.000Z',
    is_remote: false,
    remote_url: null,
    ...overrides,
  };
}

export function signedInSession(profile: Profile = makeProfile()): SessionResponse {
  return {
    user: { id: profile.id, email: `${profile.username}@example.com`, role: 'member' },
    profile,
  };
}

export const signedOutSession: SessionResponse = { user: null, profile: null };

export function makeSuggestion(overrides: Partial<Suggestion> = {}): Suggestion {
  return {
    id: 'user-9',
    username: 'carol',
    full_name: 'Carol Danvers',
    avatar_url: null,
    is_verified: false,
    followed_by_me: false,
    is_remote: false,
    reason: 'Popular on Pinhole',
    ...overrides,
  };
}

/** Five people to suggest, `person-0`…`person-4`, as `GET /api/suggestions` answers. */
export function suggestionList(count = 5, nextCursor: string | null = null) {
  return {
    profiles: Array.from({ length: count }, (_, index) =>
      makeSuggestion({ id: `person-${index}`, username: `person${index}` }),
    ),
    next_cursor: nextCursor,
  };
}

let commentSequence = 0;
export function makeComment(overrides: Partial<Comment> = {}): Comment {
  commentSequence += 1;
  const id = overrides.id ?? `comment-${commentSequence}`;
  return {
    id,
    post_id: 'post-1',
    user_id: 'user-2',
    content: `Comment ${commentSequence}`,
    created_at: '2026-03-01T10:00:00.000Z',
    author: { id: 'user-2', username: 'bob', avatar_url: null },
    mentions: [],
    ...overrides,
  };
}

/** One photo of a post, as `Post.images` lists it. */
export function makePhoto(
  postId: string,
  index = 0,
  overrides: Partial<PostPhoto> = {},
): PostPhoto {
  const name = index === 0 ? postId : `${postId}-${index}`;
  return {
    id: `${name}-image`,
    url: `/storage/user-uploads/user-2/posts/${name}.jpg`,
    width: 1080,
    height: 1350,
    placeholder: null,
    variants: [320, 640, 1080].map((width) => ({
      url: `/storage/user-uploads/user-2/posts/${name}-${width}.webp`,
      width,
      height: Math.round((width * 1350) / 1080),
    })),
    alt_text: null,
    ...overrides,
  };
}

/** A photo as `Post.media` lists it (the server's `images` are the same items, fewer fields). */
export function mediaOf(photo: PostPhoto): MediaAttachment {
  return {
    ...photo,
    type: 'image',
    blurhash: null,
    duration_s: null,
    poster: null,
    status: 'ready',
    camera: null,
  };
}

/**
 * A video of a post, ready unless told otherwise: its `media` item and its `images` entry, which
 * is its poster as the server lists it for older clients.
 */
export function makeVideo(
  postId: string,
  index = 0,
  overrides: Partial<MediaAttachment> = {},
): { photo: PostPhoto; media: MediaAttachment } {
  const name = index === 0 ? postId : `${postId}-${index}`;
  const poster = {
    url: `/storage/user-uploads/user-2/posts/${name}-poster.jpg`,
    width: 1080,
    height: 1920,
    variants: [320, 640, 1080].map((width) => ({
      url: `/storage/user-uploads/user-2/posts/${name}-poster-${width}.webp`,
      width,
      height: Math.round((width * 1920) / 1080),
    })),
  };
  const media: MediaAttachment = {
    id: `${name}-video`,
    type: 'video',
    url: `/storage/user-uploads/user-2/posts/${name}.mp4`,
    width: 1080,
    height: 1920,
    placeholder: null,
    blurhash: null,
    variants: [],
    alt_text: null,
    duration_s: 12.5,
    poster,
    status: 'ready',
    camera: null,
    ...overrides,
  };
  const shown = media.poster;
  const photo: PostPhoto = {
    id: media.id,
    url: shown?.url ?? '',
    width: media.width,
    height: media.height,
    placeholder: media.placeholder,
    variants: shown?.variants ?? [],
    alt_text: media.alt_text,
  };
  return { photo, media };
}

export function makePost(overrides: Partial<Post> = {}): Post {
  const id = overrides.id ?? 'post-1';
  const first = overrides.images?.[0] ?? makePhoto(id);
  return {
    id,
    user_id: 'user-2',
    image_url: first.url,
    image: {
      width: first.width,
      height: first.height,
      placeholder: first.placeholder,
      variants: first.variants,
    },
    images: [first],
    caption: 'Sunset over the bay',
    hashtags: [],
    mentions: [],
    created_at: '2026-03-01T09:00:00.000Z',
    edited_at: null,
    likes_count: 0,
    comments_count: 0,
    liked_by_me: false,
    saved_by_me: false,
    author: { id: 'user-2', username: 'bob', avatar_url: null, is_verified: false },
    comments_preview: [],
    is_remote: false,
    remote_url: null,
    ...overrides,
    media: overrides.media ?? (overrides.images ?? [first]).map(mediaOf),
  };
}

export function page(posts: Post[], nextCursor: string | null = null): PostPage {
  return { posts, next_cursor: nextCursor };
}

/** `GET /api/instance` of an open server; `video` says whether it has ffmpeg. */
export function makeInstance(overrides: Partial<Instance> = {}): Instance {
  return {
    signups: 'open',
    name: 'Pinhole',
    description: '',
    rules: [],
    contact_email: '',
    stats: { users: 2, posts: 3 },
    mail: false,
    video: false,
    ...overrides,
  };
}
