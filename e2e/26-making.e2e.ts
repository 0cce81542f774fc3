import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  closeBrowser,
  createUserViaHttp,
  openPage,
  signUpViaApi,
  uniqueUser,
} from './support/browser';
import { bytesFile, imageFile } from './support/images';
import { createPostViaHttp, nextToCaption } from './support/posts';
import { nextToStoryPreview } from './support/stories';

afterAll(closeBrowser);

/** The label of whatever has the keyboard's focus. */
const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

async function postsOf(token: string, userId: string) {
  const response = await fetch(`${baseUrl()}/api/profiles/${userId}/posts`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { posts } = (await response.json()) as {
    posts: { caption: string | null; comments_count: number }[];
  };
  return posts;
}

// Issue 47, the making-things items: drafts kept from silent loss, submits that run once, files
// checked by their bytes when picked, Back and focus where a person expects them.
describe('journey 26: making things', () => {
  it('a fast double click on a comment’s Post, and on Share, creates one of each', async () => {
    const { context, page } = await openPage('making-double');
    const me = await signUpViaApi(context, uniqueUser('dbl'));
    const caption = `Double ${Date.now()}`;
    await createPostViaHttp(me.token, caption);
    await page.goto('/');
    const card = page.getByRole('article').filter({ hasText: caption });
    await card.getByPlaceholder('Add a comment...').fill('only once');
    await card.getByRole('button', { name: 'Post', exact: true }).dblclick();
    await card.getByText('only once').first().waitFor();
    // Long enough for a second request to have landed.
    await page.waitForTimeout(1000);
    expect((await postsOf(me.token, me.id))[0]?.comments_count).toBe(1);

    await page.getByRole('button', { name: 'Create post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog
      .getByLabel('Image file')
      .setInputFiles(await imageFile('double.jpg', 600, 600, 'jpeg'));
    await dialog.getByAltText('Selected image preview').waitFor();
    await nextToCaption(dialog);
    await dialog.getByPlaceholder('Write a caption...').fill('shared once');
    await dialog.getByRole('button', { name: 'Share' }).dblclick();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForTimeout(1000);
    const captions = (await postsOf(me.token, me.id)).map((post) => post.caption);
    expect(captions.filter((text) => text === 'shared once')).toHaveLength(1);
    await context.close();
  });

  it('asks "Discard post?" on Escape, a click outside and Back; focus returns to Create', async () => {
    const { context, page } = await openPage('making-discard-post');
    await signUpViaApi(context, uniqueUser('dis'));
    await page.goto('/');
    const create = page.getByRole('button', { name: 'Create post' });
    await create.click();
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });
    // Empty, Escape closes at once, and the keyboard is back on Create.
    await dialog.getByText('Click to select an image').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('Create post');

    await create.click();
    await dialog
      .getByLabel('Image file')
      .setInputFiles(await imageFile('draft.jpg', 600, 400, 'jpeg'));
    await dialog.getByAltText('Selected image preview').waitFor();
    await nextToCaption(dialog);
    await dialog.getByPlaceholder('Write a caption...').fill('A draft worth keeping');
    const question = page.getByRole('dialog', { name: 'Discard post?' });

    await page.keyboard.press('Escape');
    await question.waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await dialog.getByPlaceholder('Write a caption...').inputValue()).toBe(
      'A draft worth keeping',
    );

    // A click beside the dialog.
    await page.mouse.click(10, 450);
    await question.waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });

    // The phone's Back asks too, and leaves the page where it was.
    const address = page.url();
    await page.goBack();
    await question.waitFor();
    expect(page.url()).toBe(address);
    await question.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(address);
    expect(await focused(page)).toBe('Create post');
    await create.click();
    await dialog.getByText('Click to select an image').waitFor();
    await context.close();
  });

  it('a PDF renamed .jpg is refused when picked, by name, before any preview', async () => {
    const { context, page } = await openPage('making-pdf');
    await signUpViaApi(context, uniqueUser('pdf'));
    await page.goto('/');
    await page.getByRole('button', { name: 'Create post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog
      .getByLabel('Image file')
      .setInputFiles(bytesFile('scan.jpg', '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'));
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toBe(
      'scan.jpg is not a picture. Please select an image file',
    );
    expect(await dialog.getByAltText('Selected image preview').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    // The hint names HEIC under the spec's own line.
    expect(await dialog.getByText('PNG, JPG, GIF up to 5MB').isVisible()).toBe(true);
    expect(await dialog.getByText(/HEIC/).isVisible()).toBe(true);
    await context.close();
  });

  it('asks "Discard story?" before dropping a chosen story photo', async () => {
    const { context, page } = await openPage('making-story');
    await signUpViaApi(context, uniqueUser('sto'));
    await page.goto('/');
    const strip = page.getByRole('region', { name: 'Stories' });
    const chooser = page.waitForEvent('filechooser');
    await strip.getByRole('button', { name: 'Your story' }).click();
    await (await chooser).setFiles(await imageFile('story.jpg', 1080, 1920, 'jpeg'));
    const preview = page.getByRole('dialog', { name: 'New story' });
    await nextToStoryPreview(preview);
    await preview.getByRole('img', { name: 'Your story preview' }).waitFor();
    await page.keyboard.press('Escape');
    const question = page.getByRole('dialog', { name: 'Discard story?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await preview.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: 'Discard' }).click();
    await preview.waitFor({ state: 'detached' });
    await context.close();
  });

  it('asks "Discard comment?" before closing a post with a comment being written', async () => {
    const { context, page } = await openPage('making-comment');
    const me = await signUpViaApi(context, uniqueUser('com'));
    const post = await createPostViaHttp(me.token, `Comment draft ${Date.now()}`);
    await page.goto('/');
    await page.locator(`a[href="/p/${post.id}"]`).first().click();
    const postDialog = page.getByRole('dialog', { name: 'Post' });
    await postDialog.waitFor();
    const input = postDialog.getByPlaceholder('Add a comment...');
    await input.fill('half a thought');
    await page.keyboard.press('Escape');
    const question = page.getByRole('dialog', { name: 'Discard comment?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await input.inputValue()).toBe('half a thought');
    await postDialog.getByRole('button', { name: 'Close' }).first().click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await postDialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('Back from the Share sheet closes the sheet, not the post under it', async () => {
    const { context, page } = await openPage('making-share-back');
    const me = await signUpViaApi(context, uniqueUser('shb'));
    const post = await createPostViaHttp(me.token, `Share back ${Date.now()}`);
    await page.goto('/');
    await page.locator(`a[href="/p/${post.id}"]`).first().click();
    const postDialog = page.getByRole('dialog', { name: 'Post' });
    await postDialog.waitFor();
    await postDialog.getByRole('button', { name: 'Share' }).first().click();
    const sheet = page.getByRole('dialog', { name: 'Share' });
    await sheet.waitFor();
    await page.goBack();
    await sheet.waitFor({ state: 'detached' });
    expect(await postDialog.isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/p/${post.id}`);
    await context.close();
  });

  it('asks "Discard message?" before leaving a conversation with words in the box', async () => {
    const { context, page } = await openPage('making-message');
    await signUpViaApi(context, uniqueUser('msg'));
    const other = await createUserViaHttp(uniqueUser('msh'));
    const started = await context.request.post('/api/conversations', {
      data: { participant_ids: [other.id] },
      headers: { origin: baseUrl() },
    });
    const { id } = (await started.json()) as { id: string };
    await page.goto(`/direct/t/${id}`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('not sent yet');
    await page.getByRole('link', { name: 'Home' }).click();
    const question = page.getByRole('dialog', { name: 'Discard message?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/direct/t/${id}`);
    expect(await box.inputValue()).toBe('not sent yet');
    await page.getByRole('link', { name: 'Home' }).click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
