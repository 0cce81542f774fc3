import type { Post } from '@pinhole/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';
import { makeWebDist } from '../test/web-dist';

const publicUrl = 'https://photos.example.com';
const hostile = "\"><script>alert(1)</script></title><b a='x'>&amp; $& $1";

const entities: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&amp;': '&',
};
const decode = (text: string) => text.replace(/&(lt|gt|quot|#39|amp);/g, (e) => entities[e]!);

/** What a link previewer reads from the page: the head's tags, their text decoded. */
function preview(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const all = (pattern: string) =>
    [...head.matchAll(new RegExp(pattern, 'g'))].map((match) => decode(match[1]!));
  const meta = (attribute: string, key: string) =>
    all(`<meta ${attribute}="${key}" content="([^"<>]*)">`);
  return {
    titles: all('<title>([^<]*)</title>'),
    descriptions: all('<meta name="description" content="([^"<>]*)"'),
    canonicals: all('<link rel="canonical" href="([^"<>]*)">'),
    og: (key: string) => meta('property', `og:${key}`),
    twitterCard: meta('name', 'twitter:card'),
    robots: meta('name', 'robots'),
  };
}

describe.each(dialects)('link previews on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let webDist: ReturnType<typeof makeWebDist>;
  let author: TestUser;
  let post: Post;
  let plain: Post;

  beforeAll(async () => {
    webDist = makeWebDist();
    server = await startTestServer(dialect, { WEB_DIST_DIR: webDist.dir, PUBLIC_URL: publicUrl });
    author = await signUpUser(server, { full_name: hostile });
    post = (await uploadPost(server, author, await makeJpeg(1200, 900), { caption: hostile }))
      .body as Post;
    plain = (await uploadPost(server, author, await makeJpeg(800, 800))).body as Post;
  });
  afterAll(async () => {
    await disposeTestServer(server);
    webDist.remove();
  });

  it('/p/:id: title, description, canonical, Open Graph and Twitter card', async () => {
    const page = await server.request(`/p/${post.id}`);
    const tags = preview(page.text);
    const title = `${author.username} on Pinhole: "${hostile}"`;
    const url = `${publicUrl}/p/${post.id}`;
    expect(tags.titles).toEqual([title]);
    expect(tags.og('title')).toEqual([title]);
    expect(tags.descriptions).toEqual([
      expect.stringMatching(new RegExp(`^0 likes, 0 comments - ${author.username} on `)),
    ]);
    expect(tags.descriptions[0]).toContain(`: "${hostile}"`);
    expect(tags.og('description')).toEqual(tags.descriptions);
    expect(tags.canonicals).toEqual([url]);
    expect(tags.og('url')).toEqual([url]);
    expect(tags.og('type')).toEqual(['article']);
    expect(tags.twitterCard).toEqual(['summary_large_image']);
    const variant1080 = post.image.variants.find((variant) => variant.width === 1080);
    expect(tags.og('image')).toEqual([`${publicUrl}${variant1080!.url}`]);
    expect(tags.og('image:width')).toEqual(['1080']);
  });

  it('a caption with "><script> and </title> stays text', async () => {
    const { text } = await server.request(`/p/${post.id}`);
    expect(text).not.toContain('<script>alert');
    expect(text).not.toContain('<b a=');
    // The template's module script and the first screen's data: nothing else runs.
    expect(text.match(/<script/gi)).toHaveLength(2);
    expect(text.match(/<title>/gi)).toHaveLength(1);
    expect(text.match(/<\/title>/gi)).toHaveLength(1);
    expect(text.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('a post without a caption is a photo by its author, its widest size as the image', async () => {
    const tags = preview((await server.request(`/p/${plain.id}`)).text);
    expect(tags.titles).toEqual([`Photo by ${author.username} • Pinhole`]);
    // 800 px wide: no 1080 variant is made (never upscaled), the widest it has stands in.
    const widest = plain.image.variants.reduce((a, b) => (b.width > a.width ? b : a));
    expect(widest.width).toBe(800);
    expect(tags.og('image')).toEqual([`${publicUrl}${widest.url}`]);
    expect(tags.og('image:width')).toEqual(['800']);
  });

  it('/:username and its tabs: the profile’s title and tags, the name kept as text', async () => {
    for (const path of [`/${author.username}`, `/${author.username.toUpperCase()}/tagged`]) {
      const page = await server.request(path);
      expect(page.status).toBe(200);
      const tags = preview(page.text);
      const title = `${hostile} (@${author.username}) • Pinhole photos`;
      expect(tags.titles).toEqual([title]);
      expect(tags.og('title')).toEqual([title]);
      expect(tags.descriptions).toEqual([
        `0 Followers, 0 Following, 2 Posts - See Pinhole photos from ${hostile} (@${author.username})`,
      ]);
      expect(tags.canonicals).toEqual([`${publicUrl}/${author.username}`]);
      expect(tags.og('url')).toEqual([`${publicUrl}/${author.username}`]);
      expect(tags.og('type')).toEqual(['profile']);
      expect(tags.twitterCard).toEqual(['summary']);
      // No picture yet: no og:image rather than a broken one.
      expect(tags.og('image')).toEqual([]);
      expect(page.text).not.toContain('<script>alert');
      expect(page.text.match(/<script/gi)).toHaveLength(2);
    }
  });

  it('the not-found page says so, and asks not to be indexed', async () => {
    for (const path of ['/nobody_here', `/p/${post.id}x`, '/some/where']) {
      const page = await server.request(path);
      expect(page.status).toBe(404);
      const tags = preview(page.text);
      expect(tags.titles).toEqual(['Page not found • Pinhole']);
      expect(tags.robots).toEqual(['noindex']);
      expect(tags.og('title')).toEqual([]);
      expect(tags.canonicals).toEqual([]);
    }
  });

  it('other pages keep the template’s title and description', async () => {
    for (const path of ['/', '/explore']) {
      const tags = preview((await server.request(path)).text);
      expect(tags.titles).toEqual(['Pinhole']);
      expect(tags.descriptions).toEqual(['Pinhole — share photos with your friends.']);
      expect(tags.og('title')).toEqual([]);
    }
  });
});
