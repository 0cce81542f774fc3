import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, closeBrowser, openPage, signUpViaApi, uniqueUser } from './support/browser';
import { createPostViaHttp } from './support/posts';

afterAll(closeBrowser);

const payload = '<img src=x onerror="window.__pwned=1">';

describe('security case 8: stored XSS', () => {
  it('renders hostile captions, comments and names as text, under a CSP without inline script', async () => {
    const { context, page } = await openPage('xss');
    const me = await signUpViaApi(context, { ...uniqueUser('xss'), fullName: payload });
    const post = await createPostViaHttp(me.token, `caption ${payload}`);
    await fetch(`${baseUrl()}/api/posts/${post.id}/comments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: `comment ${payload}` }),
    });
    await fetch(`${baseUrl()}/api/profiles/me`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bio: `bio ${payload}`, website: 'https://example.com/me' }),
    });
    const response = await page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-inline' 'self'; script");
    const card = page.getByRole('article').filter({ hasText: 'caption <img' });
    await card.getByText(`caption ${payload}`).waitFor();
    await card.getByText(`comment ${payload}`).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByText(payload, { exact: true }).first().waitFor();
    await page.getByText(`bio ${payload}`).waitFor();
    const website = page.getByRole('link', { name: /example\.com\/me/ });
    expect(await website.getAttribute('rel')).toBe('noopener noreferrer ugc nofollow');
    expect(await website.getAttribute('target')).toBe('_blank');
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);

    // An inline script injected into the page is blocked by the CSP.
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inline = 1';
      document.body.appendChild(script);
      return (window as unknown as { __inline?: number }).__inline;
    });
    expect(ran).toBeUndefined();
    await context.close();
  });
});
