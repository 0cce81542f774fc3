import type { Post, Profile } from '@pinhole/contracts';
import { describe, expect, it } from 'vitest';
import { postHead, profileHead, shorten } from './link-previews';

const origin = new URL('https://photos.example.com');

function makePost(overrides: Partial<Post> = {}): Post {
  const image = {
    width: 2400,
    height: 1600,
    placeholder: null,
    variants: [
      { url: '/storage/user-uploads/u1/posts/1-320.webp', width: 320, height: 213 },
      { url: '/storage/user-uploads/u1/posts/1-1080.webp', width: 1080, height: 720 },
      { url: '/storage/user-uploads/u1/posts/1-640.webp', width: 640, height: 427 },
    ],
  };
  return {
    id: '0190a7e2-1111-7000-8000-000000000001',
    user_id: 'u1',
    image_url: '/storage/user-uploads/u1/posts/1.jpg',
    image,
    images: [{ ...image, id: 'i1', url: '/storage/user-uploads/u1/posts/1.jpg', alt_text: null }],
    media: [
      {
        ...image,
        id: 'i1',
        type: 'image',
        url: '/storage/user-uploads/u1/posts/1.jpg',
        blurhash: null,
        alt_text: null,
        duration_s: null,
        poster: null,
        status: 'ready',
        camera: null,
      },
    ],
    caption: 'Sunrise over the lake',
    hashtags: [],
    mentions: [],
    created_at: '2024-03-03T23:30:00.000Z',
    edited_at: null,
    likes_count: 1234,
    comments_count: 1,
    liked_by_me: false,
    saved_by_me: false,
    author: { id: 'u1', username: 'alice', avatar_url: null, is_verified: false },
    comments_preview: [],
    is_remote: false,
    remote_url: null,
    ...overrides,
  };
}

function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'u1',
    username: 'alice',
    full_name: 'Alice Liddell',
    avatar_url: null,
    avatar: null,
    bio: null,
    website: null,
    is_verified: false,
    is_private: false,
    followed_by_me: false,
    follows_me: false,
    requested_by_me: false,
    blocked_by_me: false,
    posts_count: 12,
    followers_count: 1,
    following_count: 2048,
    created_at: '2024-01-01T00:00:00.000Z',
    is_remote: false,
    remote_url: null,
    ...overrides,
  };
}

const meta = (head: ReturnType<typeof postHead>, key: string) =>
  head.meta.find((tag) => tag.key === key)?.content;

describe('shorten', () => {
  it('leaves short text alone', () => {
    expect(shorten('a short caption', 60)).toBe('a short caption');
    expect(shorten('x'.repeat(60), 60)).toBe('x'.repeat(60));
  });

  it('ends at a word near the cut, with an ellipsis', () => {
    const text = 'The quick brown fox jumps over the lazy dog and keeps on running far away';
    const short = shorten(text, 40);
    expect(short).toBe('The quick brown fox jumps over the lazy…');
    expect(short.length).toBeLessThanOrEqual(41);
  });

  it('cuts a long word where it must', () => {
    expect(shorten('y'.repeat(100), 10)).toBe(`${'y'.repeat(10)}…`);
  });

  it('never splits an emoji with its modifiers, nor counts it as several', () => {
    const family = '👨‍👩‍👧‍👦';
    const thumbs = '👍🏽';
    expect(shorten(`${family}${thumbs}${family}`, 2)).toBe(`${family}${thumbs}…`);
    expect(shorten(`${family}${family}`, 2)).toBe(`${family}${family}`);
  });
});

describe('postHead', () => {
  it('titles and describes a post as Instagram’s web does', () => {
    const head = postHead(makePost(), origin);
    expect(head.title).toBe('alice on Pinhole: "Sunrise over the lake"');
    expect(head.description).toBe(
      '1,234 likes, 1 comment - alice on March 3, 2024: "Sunrise over the lake"',
    );
    expect(head.canonical).toBe(
      'https://photos.example.com/p/0190a7e2-1111-7000-8000-000000000001',
    );
    expect(meta(head, 'og:type')).toBe('article');
    expect(meta(head, 'og:title')).toBe(head.title);
    expect(meta(head, 'og:description')).toBe(head.description);
    expect(meta(head, 'og:url')).toBe(head.canonical);
    expect(meta(head, 'twitter:card')).toBe('summary_large_image');
  });

  it('cuts a long caption in the title, on one line', () => {
    const caption = `First line\n\nsecond   line ${'and more words '.repeat(10)}`;
    const { title } = postHead(makePost({ caption }), origin);
    expect(title).toMatch(/^alice on Pinhole: "First line second line and more words .*…"$/);
    expect(title.length).toBeLessThan('alice on Pinhole: ""'.length + 62);
  });

  it('without a caption, is a photo by its author', () => {
    const head = postHead(makePost({ caption: null, likes_count: 0 }), origin);
    expect(head.title).toBe('Photo by alice • Pinhole');
    expect(head.description).toBe('0 likes, 1 comment - alice on March 3, 2024');
  });

  it('shows the 1080 px variant, as an absolute URL', () => {
    const head = postHead(makePost(), origin);
    expect(meta(head, 'og:image')).toBe(
      'https://photos.example.com/storage/user-uploads/u1/posts/1-1080.webp',
    );
    expect(meta(head, 'og:image:width')).toBe('1080');
    expect(meta(head, 'og:image:height')).toBe('720');
  });

  it('of a photo narrower than 1080 px, shows the original (its largest size)', () => {
    const post = makePost({
      image: {
        width: 900,
        height: 900,
        placeholder: null,
        variants: [{ url: '/storage/v-320.webp', width: 320, height: 320 }],
      },
    });
    expect(meta(postHead(post, origin), 'og:image')).toBe(
      `https://photos.example.com${post.image_url}`,
    );
  });

  it('keeps an image URL that is already absolute (S3, a CDN)', () => {
    const post = makePost({
      image: {
        width: 2000,
        height: 1000,
        placeholder: null,
        variants: [{ url: 'https://cdn.example.net/p/1-1080.webp', width: 1080, height: 540 }],
      },
    });
    expect(meta(postHead(post, origin), 'og:image')).toBe('https://cdn.example.net/p/1-1080.webp');
  });
});

describe('profileHead', () => {
  it('titles and describes a profile as Instagram’s web does', () => {
    const head = profileHead(makeProfile(), origin);
    expect(head.title).toBe('Alice Liddell (@alice) • Pinhole photos');
    expect(head.description).toBe(
      '1 Follower, 2,048 Following, 12 Posts - See Pinhole photos from Alice Liddell (@alice)',
    );
    expect(head.canonical).toBe('https://photos.example.com/alice');
    expect(meta(head, 'og:type')).toBe('profile');
    expect(meta(head, 'twitter:card')).toBe('summary');
    expect(meta(head, 'og:image')).toBeUndefined();
  });

  it('without a full name, uses the username; an avatar is an absolute og:image', () => {
    const head = profileHead(
      makeProfile({ full_name: '  ', avatar_url: '/storage/user-uploads/u1/avatar/1-320.webp' }),
      origin,
    );
    expect(head.title).toBe('alice (@alice) • Pinhole photos');
    expect(meta(head, 'og:image')).toBe(
      'https://photos.example.com/storage/user-uploads/u1/avatar/1-320.webp',
    );
    // The picture is square: a small card beside the text, not a wide one cropping it.
    expect(meta(head, 'twitter:card')).toBe('summary');
  });
});
