import { afterAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  createUserViaHttp,
  openPage,
  signUpViaApi,
  uniqueUser,
} from './support/browser';
import { api } from './support/api';
import { createPostViaHttp } from './support/posts';

afterAll(closeBrowser);

describe('issue 19: notifications, search, hashtags and mentions', () => {
  it('B likes, comments and follows A: A’s heart counts it live and the panel lists it grouped', async () => {
    const a = await openPage('discovery-a');
    const alice = await signUpViaApi(a.context, uniqueUser('na'));
    const post = await createPostViaHttp(alice.token, 'Evening light');
    await a.page.goto('/');
    const heart = a.page.getByRole('button', { name: /^Notifications/ });
    await heart.waitFor();
    expect(await heart.getAttribute('aria-label')).toBe('Notifications');

    const bob = await createUserViaHttp(uniqueUser('nb'));
    const cleo = await createUserViaHttp(uniqueUser('nc'));
    await api(cleo.token, 'PUT', `/api/posts/${post.id}/like`);
    await api(bob.token, 'PUT', `/api/posts/${post.id}/like`);
    await api(bob.token, 'POST', `/api/posts/${post.id}/comments`, { content: 'lovely light' });
    await api(bob.token, 'PUT', `/api/profiles/${alice.id}/follow`);

    // No reload: the event stream brings the count (two likes, a comment, a follow).
    await a.page
      .getByRole('button', { name: 'Notifications, 4 unread' })
      .waitFor({ timeout: 15_000 });

    await a.page.getByRole('button', { name: 'Notifications, 4 unread' }).click();
    const panel = a.page.getByRole('dialog');
    await panel.getByText(`${bob.username} started following you.`).waitFor();
    await panel.getByText(`${bob.username} commented: lovely light`).waitFor();
    // Two likes of one post are one row.
    await panel.getByText(`${bob.username} and ${cleo.username} liked your photo.`).waitFor();
    await panel.getByRole('button', { name: `Follow back ${bob.username}` }).waitFor();
    // Opening marks them read: the badge is gone.
    await a.page.keyboard.press('Escape');
    await a.page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    // Undoing the follow removes its notification.
    await api(bob.token, 'DELETE', `/api/profiles/${alice.id}/follow`);
    await a.page.reload();
    await a.page.getByRole('button', { name: 'Notifications', exact: true }).click();
    await a.page.getByRole('dialog').getByText(`${bob.username} commented: lovely light`).waitFor();
    expect(
      await a.page.getByRole('dialog').getByText(`${bob.username} started following you.`).count(),
    ).toBe(0);
    expect(a.errors).toEqual([]);
    await a.context.close();
  });

  it('search finds a person by a word of their name; #tags and @mentions link; TAGGED shows it', async () => {
    const word = `Quill${Date.now().toString(36)}`;
    const bob = await createUserViaHttp({ ...uniqueUser('sb'), fullName: `Ana ${word} Ruiz` });
    const a = await openPage('discovery-search');
    const alice = await signUpViaApi(a.context, uniqueUser('sa'));
    const post = await createPostViaHttp(alice.token, `Golden #sunset with @${bob.username}`);

    await a.page.goto('/');
    // The header's box is a plain stand-in until used; clicking it loads the real combobox,
    // which takes over with the focus.
    await a.page.getByRole('searchbox', { name: 'Search' }).first().click();
    const search = a.page.getByRole('combobox', { name: /Search/ }).first();
    await expect.poll(() => search.evaluate((box) => box === document.activeElement)).toBe(true);
    await search.fill(word.slice(0, 7).toLowerCase());
    const option = a.page.getByRole('option', { name: new RegExp(bob.username) });
    await option.waitFor();
    await option.click();
    await a.page.waitForURL(`**/${bob.username}`);
    await a.page.getByRole('heading', { name: bob.username }).waitFor();

    await a.page.goto(`/p/${post.id}`);
    const tag = a.page.getByRole('link', { name: '#sunset' }).first();
    expect(await tag.getAttribute('href')).toBe('/explore/tags/sunset');
    const mention = a.page.getByRole('link', { name: `@${bob.username}` }).first();
    expect(await mention.getAttribute('href')).toBe(`/${bob.username}`);
    await tag.click();
    await a.page.getByRole('heading', { name: '#sunset' }).waitFor();
    await a.page.locator(`a[href="/p/${post.id}"]`).first().waitFor();

    await a.page.goto(`/${bob.username}/tagged`);
    await a.page.getByRole('tab', { name: 'TAGGED', selected: true }).waitFor();
    await a.page.locator(`a[href="/p/${post.id}"]`).first().waitFor();
    expect(a.errors).toEqual([]);
    await a.context.close();
  });
});
