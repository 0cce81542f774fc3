import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, openPage, signUpViaApi } from './support/browser';
import { createPostViaHttp } from './support/posts';

afterAll(closeBrowser);

describe('journey 5: comments', () => {
  it('posts three comments, clears the input, and View all 3 comments opens the post with them all', async () => {
    const { context, page } = await openPage('comments');
    const me = await signUpViaApi(context);
    const caption = `Comment on me ${Date.now()}`;
    await createPostViaHttp(me.token, caption);
    await page.goto('/');
    const card = page.getByRole('article').filter({ hasText: caption });
    const input = card.getByPlaceholder('Add a comment...');
    const post = card.getByRole('button', { name: 'Post', exact: true });
    await input.waitFor();
    expect(await post.isDisabled()).toBe(true);
    await input.fill('   ');
    expect(await post.isDisabled()).toBe(true);

    // Slow the first request down so the Posting... state can be seen.
    let delayed = false;
    await page.route('**/api/posts/*/comments', async (route) => {
      if (!delayed && route.request().method() === 'POST') {
        delayed = true;
        await new Promise((resolve) => setTimeout(resolve, 600));
      }
      await route.continue();
    });
    await input.fill('  first comment  ');
    await post.click();
    await card.getByRole('button', { name: 'Posting...' }).waitFor();
    expect(await input.isDisabled()).toBe(true);
    await card.getByText('first comment').waitFor();
    expect(await input.inputValue()).toBe('');

    for (const text of ['second comment', 'third comment']) {
      await input.fill(text);
      await post.click();
      await card.getByText(text).waitFor();
    }
    await page.reload();
    const viewAll = card.getByRole('link', { name: 'View all 3 comments' });
    await viewAll.waitFor();
    expect(await card.getByText('third comment').count()).toBe(0);
    // On a wide screen the post opens as a dialog over the feed, every comment in it.
    await viewAll.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('third comment').waitFor();
    expect(await dialog.getByText('first comment').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toMatch(/^\/p\//);
    await context.close();
  });
});
