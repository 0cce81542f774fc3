import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  artifactsDir,
  baseUrl,
  closeBrowser,
  createUserViaHttp,
  openPage,
  signUpViaApi,
  uniqueUser,
} from './support/browser';
import { expectNoSeriousA11yViolations } from './support/axe';
import { imageFile } from './support/images';
import { createPostViaHttp } from './support/posts';
import { createStoryViaHttp } from './support/stories';

afterAll(closeBrowser);

const shots = path.join(artifactsDir, 'messages');

/** Photographs the page at a phone's width and a desktop's. */
async function shoot(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('issue 41: direct messages', () => {
  it('A writes to B, B accepts the request and answers with a photo; A sees it live, with the badge', async () => {
    const a = await openPage('messages-a', { width: 1280, height: 800 });
    const b = await openPage('messages-b', { width: 1280, height: 800 });
    const ann = await signUpViaApi(a.context, uniqueUser('dma'));
    const ben = await signUpViaApi(b.context, uniqueUser('dmb'));
    const post = await createPostViaHttp(ann.token, `A sunset for ${ben.username}`);

    // A: the pencil opens the new message dialog; the search finds B.
    await a.page.goto('/direct/inbox');
    await a.page.getByText('Your messages: send a message to a friend.').waitFor();
    await expectNoSeriousA11yViolations(a.page, 'empty inbox');
    await shoot(a.page, 'inbox-empty');
    // The keyboard reaches the pencil; Enter opens the dialog, Escape closes it.
    const pencil = a.page.getByRole('button', { name: 'New message' });
    await pencil.focus();
    await a.page.keyboard.press('Enter');
    const dialog = a.page.getByRole('dialog', { name: 'New message' });
    await dialog.waitFor();
    await a.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await pencil.click();
    await dialog.getByRole('searchbox', { name: 'To:' }).fill(ben.username);
    await dialog.getByRole('checkbox', { name: `Choose ${ben.username}` }).check();
    await expectNoSeriousA11yViolations(a.page, 'new message dialog');
    await shoot(a.page, 'new-message-dialog');
    await dialog.getByRole('button', { name: 'Chat' }).click();
    await a.page.waitForURL(/\/direct\/t\//);
    const box = a.page.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello Ben!');
    await box.press('Enter');
    await a.page.getByRole('region', { name: 'Conversation' }).getByText('Hello Ben!').waitFor();

    // A shares a post with the paper plane.
    await a.page.goto(`/p/${post.id}`);
    await a.page.getByRole('button', { name: 'Share' }).first().click();
    const share = a.page.getByRole('dialog', { name: 'Share' });
    await share.getByRole('searchbox', { name: 'To:' }).fill(ben.username);
    await share.getByRole('checkbox', { name: `Choose ${ben.username}` }).check();
    await share.getByRole('button', { name: 'Send' }).click();
    await share.getByText('Sent.').waitFor();
    await a.page.keyboard.press('Escape');
    await a.page.goto('/');
    await a.page.getByLabel('Messages', { exact: true }).waitFor();

    // B does not follow A: it is a request, accepted from the Requests tab.
    await b.page.goto('/direct/requests');
    await b.page.getByRole('link', { name: new RegExp(ann.username) }).click();
    const thread = b.page.getByRole('region', { name: 'Conversation' });
    await thread.getByText('Hello Ben!').waitFor();
    await thread.getByRole('link', { name: `Post by ${ann.username}` }).waitFor();
    await b.page.getByText(/wants to send you a message/).waitFor();
    await b.page.getByRole('button', { name: 'Accept' }).click();
    await b.page.getByRole('textbox', { name: 'Message' }).waitFor();

    // B answers with a photo; A, on the home page, gets the badge without a reload.
    const photo = await imageFile(`dm-${Date.now()}.jpg`, 900, 600, 'jpeg');
    await b.page.getByLabel('Photos to send').setInputFiles(photo);
    const sent = b.page.getByRole('img', { name: `Photo from ${ben.username}` });
    await sent.waitFor();
    await expect
      .poll(() => sent.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await shoot(b.page, 'thread');
    await expectNoSeriousA11yViolations(b.page, 'thread');

    const badge = a.page.getByRole('link', { name: 'Messages, 1 unread' });
    await badge.waitFor({ timeout: 5_000 });
    await badge.click();
    await a.page.getByRole('link', { name: new RegExp(ben.username) }).click();
    const received = a.page.getByRole('img', { name: `Photo from ${ben.username}` });
    await received.waitFor();
    await expect
      .poll(() => received.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    // Read: the badge is gone.
    await a.page.getByLabel('Messages', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(a.page, 'inbox with a thread');
    await shoot(a.page, 'inbox');

    // The photo's address is the participants' only: someone else gets 404.
    const src = await received.getAttribute('src');
    const outsider = await openPage('messages-outsider');
    await signUpViaApi(outsider.context, uniqueUser('dmc'));
    expect((await outsider.context.request.get(src ?? '')).status()).toBe(404);
    expect((await a.context.request.get(src ?? '')).status()).toBe(200);

    // B replies to A's story from the story viewer; it arrives in A's thread as a message.
    const story = await createStoryViaHttp(ann.token);
    await b.page.goto(`/stories/${ann.username}/${story.id}`);
    const reply = b.page.getByRole('textbox', { name: `Reply to ${ann.username}` });
    await reply.fill('Lovely story');
    await reply.press('Enter');
    await b.page.getByRole('status').getByText('Sent').waitFor();
    // As a reply to the story (e2e/26-conversations has the whole of it), not a pasted address.
    const replied = a.page.getByRole('region', { name: 'Conversation' });
    await replied.getByText('Lovely story', { exact: true }).waitFor();
    await replied.getByText('Replied to your story').waitFor();

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await outsider.context.close();
    await a.context.close();
    await b.context.close();
  });

  it("keeps a message's photos out of the installed app's photo cache", async () => {
    const { context, page } = await openPage('messages-worker', { serviceWorkers: true });
    const me = await signUpViaApi(context, uniqueUser('dmw'));
    const other = await createUserViaHttp(uniqueUser('dmx'));
    const form = new FormData();
    const file = await imageFile(`dmw-${Date.now()}.jpg`, 400, 300, 'jpeg');
    form.append('image', new Blob([new Uint8Array(fs.readFileSync(file))]), 'p.jpg');
    const started = await context.request.post('/api/conversations', {
      data: { participant_ids: [other.id] },
      headers: { origin: baseUrl() },
    });
    const { id } = (await started.json()) as { id: string };
    const sent = await fetch(`${baseUrl()}/api/conversations/${id}/messages`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(sent.status).toBe(201);
    // A shared post: its photo is an ordinary stored file, which the worker does keep.
    const post = await createPostViaHttp(me.token, 'kept for offline');
    const shared = await context.request.post(`/api/conversations/${id}/messages`, {
      data: { post_id: post.id },
      headers: { origin: baseUrl() },
    });
    expect(shared.status()).toBe(201);

    await page.goto(`/direct/t/${id}`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    const photo = page.getByRole('img', { name: `Photo from ${me.username}` });
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    const card = page.getByRole('img', { name: `Post by ${me.username}` });
    await expect
      .poll(() => card.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        urls.push(...(await cache.keys()).map((request) => request.url));
      }
      return urls;
    });
    expect(cached.filter((url) => url.includes('/storage/'))).not.toEqual([]);
    expect(cached.filter((url) => url.includes('/messages/'))).toEqual([]);
    await context.close();
  });

  it('loads older messages as the reader scrolls up, keeping their place', async () => {
    const { context, page } = await openPage('messages-scroll', { width: 390, height: 844 });
    await signUpViaApi(context, uniqueUser('dms'));
    const other = await createUserViaHttp(uniqueUser('dmt'));
    const started = await context.request.post('/api/conversations', {
      data: { participant_ids: [other.id] },
      headers: { origin: baseUrl() },
    });
    const { id } = (await started.json()) as { id: string };
    // More than a page (30): the oldest five wait above.
    for (let i = 0; i < 35; i += 1) {
      const sent = await context.request.post(`/api/conversations/${id}/messages`, {
        data: { text: `note ${i}` },
        headers: { origin: baseUrl() },
      });
      expect(sent.status()).toBe(201);
    }
    await page.goto(`/direct/t/${id}`);
    const thread = page.getByRole('region', { name: 'Conversation' });
    await thread.getByText('note 34', { exact: true }).waitFor();
    expect(await thread.getByText('note 0', { exact: true }).count()).toBe(0);
    // A message well below the oldest loaded one (note 5): reading note 5 itself brought the
    // top into view, and on a quick server the older page had arrived before the scroll below.
    const reading = thread.getByText('note 20', { exact: true });
    await reading.scrollIntoViewIfNeeded();
    const list = thread.getByRole('list');
    expect(await thread.getByText('note 0', { exact: true }).count()).toBe(0);
    await list.evaluate((box) => box.scrollTo({ top: 0 }));
    await thread.getByText('note 0', { exact: true }).waitFor({ state: 'attached' });
    // The message read before stays where it was: the older ones came in above, out of sight.
    await expect.poll(() => list.evaluate((box) => box.scrollTop)).toBeGreaterThan(100);
    await context.close();
  });
});
