import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
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
import { createPostViaHttp, nextToCaption } from './support/posts';
import { createStoryViaHttp } from './support/stories';

afterAll(closeBrowser);

const shots = path.join(artifactsDir, 'conversations');

/** Photographs the page at a phone's width and a desktop's. */
async function shoot(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const api = (
  context: BrowserContext,
  method: 'post' | 'put' | 'delete',
  url: string,
  data?: unknown,
) => context.request[method](url, { data, headers: { origin: baseUrl() } });

describe('issue 47: conversations as on Instagram', () => {
  it('shows a story reply with the story while it lives and "Story unavailable" after', async () => {
    const a = await openPage('conversations-story-a', { width: 1280, height: 800 });
    const b = await openPage('conversations-story-b', { width: 1280, height: 800 });
    const ann = await signUpViaApi(a.context, uniqueUser('sra'));
    const ben = await signUpViaApi(b.context, uniqueUser('srb'));
    // Ann follows Ben, so his reply reaches her inbox rather than her requests.
    expect((await api(a.context, 'put', `/api/profiles/${ben.id}/follow`)).status()).toBe(200);
    const story = await createStoryViaHttp(ann.token);

    await b.page.goto(`/stories/${ann.username}/${story.id}`);
    const reply = b.page.getByRole('textbox', { name: `Reply to ${ann.username}` });
    await reply.fill('What a view');
    await reply.press('Enter');
    await b.page.getByRole('status').getByText('Sent').waitFor();

    // Ann: the reply under "Replied to your story", with the story's picture; no address.
    await a.page.goto('/direct/inbox');
    await a.page.getByRole('link', { name: new RegExp(ben.username) }).click();
    const thread = a.page.getByRole('region', { name: 'Conversation' });
    await thread.getByText('What a view', { exact: true }).waitFor();
    await thread.getByText('Replied to your story').waitFor();
    const thumbnail = thread.getByRole('img', { name: 'Story' });
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await thread.getByText(/https?:\/\//).count()).toBe(0);
    await expectNoSeriousA11yViolations(a.page, 'thread with a story reply');
    await shoot(a.page, 'story-reply');

    // Ben sees his side of it.
    const conversationUrl = a.page.url();
    await b.page.goto(new URL(conversationUrl).pathname);
    const bensThread = b.page.getByRole('region', { name: 'Conversation' });
    await bensThread.getByText('You replied to their story').waitFor();

    // Ann deletes the story: the reply stays, the story is unavailable.
    expect((await api(a.context, 'delete', `/api/stories/${story.id}`)).status()).toBe(204);
    await b.page.reload();
    await bensThread.getByText('Story unavailable').waitFor();
    await bensThread.getByText('What a view', { exact: true }).waitFor();
    expect(await bensThread.getByRole('img', { name: 'Story' }).count()).toBe(0);
    await shoot(b.page, 'story-unavailable');

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it('keeps Unsend and Report in a menu per message, shows faces and one date format', async () => {
    const { context, page, errors } = await openPage('conversations-menu', {
      width: 1280,
      height: 800,
    });
    const me = await signUpViaApi(context, uniqueUser('dmm'));
    const other = await createUserViaHttp(uniqueUser('dmo'));
    const started = await api(context, 'post', '/api/conversations', {
      participant_ids: [other.id],
    });
    const { id } = (await started.json()) as { id: string };
    const otherStarted = await fetch(`${baseUrl()}/api/conversations`, {
      method: 'POST',
      body: JSON.stringify({ participant_ids: [me.id] }),
      headers: { authorization: `Bearer ${other.token}`, 'content-type': 'application/json' },
    });
    expect(otherStarted.status).toBe(200);
    for (const text of ['first of theirs', 'second of theirs']) {
      const sent = await fetch(`${baseUrl()}/api/conversations/${id}/messages`, {
        method: 'POST',
        body: JSON.stringify({ text }),
        headers: { authorization: `Bearer ${other.token}`, 'content-type': 'application/json' },
      });
      expect(sent.status).toBe(201);
    }
    const mine = await api(context, 'post', `/api/conversations/${id}/messages`, {
      text: 'mine to unsend',
    });
    expect(mine.status()).toBe(201);

    await page.goto(`/direct/t/${id}`);
    const thread = page.getByRole('region', { name: 'Conversation' });
    await thread.getByText('mine to unsend').waitFor();
    // No words under the bubbles.
    expect(await thread.getByText('Unsend', { exact: true }).count()).toBe(0);
    expect(await thread.getByText('Report', { exact: true }).count()).toBe(0);

    // Their two messages are one run: one picture of them, beside the last.
    const rows = thread.getByRole('listitem');
    const pictures = await rows.evaluateAll((items) =>
      items.map((item) => item.querySelectorAll('img, [data-testid="avatar-initial"]').length),
    );
    expect(pictures).toEqual([0, 1, 0]);
    // The list shows who each conversation is with.
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await expect
      .poll(() =>
        list
          .getByRole('link', { name: new RegExp(other.username) })
          .locator('img, [data-testid="avatar-initial"]')
          .count(),
      )
      .toBe(1);

    // The time label is the app's one format (lib/date-format.ts, as admin and a post's tooltip
    // write it): month in words, day, the year only when not this one, a 12-hour clock.
    const times = await thread.locator('time').allTextContents();
    expect(times.length).toBeGreaterThan(0);
    for (const label of times)
      expect(label).toMatch(/^[A-Z][a-z]+ \d{1,2}(, \d{4})? at \d{1,2}:\d{2} [AP]M$/);

    // Hover shows the "…" of that message; its menu says Report for theirs.
    const theirs = thread.getByText('second of theirs');
    await theirs.hover();
    const theirMenu = rows.nth(1).getByRole('button', { name: 'Message options' });
    await expect.poll(() => theirMenu.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await theirMenu.click();
    await page.getByRole('menuitem', { name: 'Report' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'message menu');
    await shoot(page, 'message-menu');
    await page.keyboard.press('Escape');

    // The keyboard reaches the menu of mine; Unsend removes it.
    const myMenu = rows.nth(2).getByRole('button', { name: 'Message options' });
    await myMenu.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Unsend' }).waitFor();
    await page.keyboard.press('Enter');
    await thread.getByText('mine to unsend').waitFor({ state: 'detached' });

    // A phone: a long press on a bubble opens its menu.
    await page.setViewportSize({ width: 390, height: 844 });
    const bubble = thread.getByText('first of theirs');
    await bubble.dispatchEvent('pointerdown', { pointerType: 'touch', clientX: 50, clientY: 50 });
    await page.getByRole('menuitem', { name: 'Report' }).waitFor();
    await bubble.dispatchEvent('pointerup', { pointerType: 'touch' });

    expect(errors).toEqual([]);
    await context.close();
  });

  it('suggests @people while a comment is written: "@al" offers the followed alice first', async () => {
    const { context, page, errors } = await openPage('conversations-mentions', {
      width: 390,
      height: 844,
    });
    await signUpViaApi(context, uniqueUser('writer'));
    const alice = await createUserViaHttp(uniqueUser('alice'));
    // Another "al…" with more followers: the followed one still comes first.
    const popular = await createUserViaHttp(uniqueUser('alpop'));
    const fan = await createUserViaHttp(uniqueUser('fan'));
    await fetch(`${baseUrl()}/api/profiles/${popular.id}/follow`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${fan.token}` },
    });
    expect((await api(context, 'put', `/api/profiles/${alice.id}/follow`)).status()).toBe(200);
    const post = await createPostViaHttp(alice.token, 'Tea time');

    await page.goto(`/p/${post.id}`);
    const box = page.getByRole('textbox', { name: 'Add a comment' }).first();
    await box.click();
    await box.pressSequentially('Hello @al');
    const suggestions = page.getByRole('listbox', { name: 'People' });
    await suggestions.waitFor();
    await expect
      .poll(() => suggestions.getByRole('option').first().textContent())
      .toContain(alice.username);
    await expectNoSeriousA11yViolations(page, 'mention suggestions');
    await shoot(page, 'mention-suggestions');
    await box.press('Enter');
    await expect.poll(() => box.inputValue()).toBe(`Hello @${alice.username} `);
    await suggestions.waitFor({ state: 'detached' });

    // Enter again posts the comment, the mention a link to her profile.
    await box.pressSequentially('hi');
    await box.press('Enter');
    await page
      .getByRole('link', { name: `@${alice.username}` })
      .first()
      .waitFor();

    // A caption: #tags after "#"; Escape closes the list and leaves the dialog open.
    await page.setViewportSize({ width: 1280, height: 800 });
    const tag = `tea${Date.now().toString(36)}`;
    await createPostViaHttp(alice.token, `Steeping #${tag}`);
    await page.getByRole('button', { name: 'Create post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });
    const file = await imageFile(`caption-${Date.now()}.jpg`, 600, 600, 'jpeg');
    await dialog.getByLabel('Image file').setInputFiles(file);
    await nextToCaption(dialog);
    const caption = dialog.getByPlaceholder('Write a caption...');
    await caption.pressSequentially(`Morning #${tag.slice(0, 5)}`);
    const tags = page.getByRole('listbox', { name: 'Hashtags' });
    await tags.getByRole('option', { name: new RegExp(`#${tag}`) }).waitFor();
    await shoot(page, 'caption-suggestions');
    await caption.press('Escape');
    await tags.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    await caption.press('Escape');

    expect(errors).toEqual([]);
    await context.close();
  });
});
