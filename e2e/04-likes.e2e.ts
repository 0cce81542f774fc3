import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, createUserViaHttp, openPage, signUpViaApi } from './support/browser';
import { createPostViaHttp, likeViaHttp } from './support/posts';

afterAll(closeBrowser);

describe('journey 4: likes', () => {
  it('likes and unlikes; the heart and count survive a reload; a second user adds to it', async () => {
    const { context, page } = await openPage('likes');
    const author = await createUserViaHttp();
    const caption = `Like me ${Date.now()}`;
    const post = await createPostViaHttp(author.token, caption);
    await signUpViaApi(context);
    await page.goto('/');
    // A stranger's post is in everyone's feed; the choice is remembered across the reloads below.
    await page.getByRole('tab', { name: 'Everyone' }).click();
    const card = page.getByRole('article').filter({ hasText: caption });
    const heart = card.getByRole('button', { name: 'Like' });
    await heart.waitFor();
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    expect(await card.getByText(/\d+ likes/).count()).toBe(0);

    await heart.click();
    expect(await heart.getAttribute('aria-pressed')).toBe('true');
    await card.getByText('1 like', { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.reload();
    await card.getByText('1 like', { exact: true }).waitFor();
    expect(await heart.getAttribute('aria-pressed')).toBe('true');

    await likeViaHttp(author.token, post.id);
    await page.reload();
    await card.getByText('2 likes').waitFor();

    await heart.click();
    await card.getByText('1 like', { exact: true }).waitFor();
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await page.waitForLoadState('networkidle');
    await page.reload();
    await card.getByText('1 like', { exact: true }).waitFor();
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await context.close();
  });
});
