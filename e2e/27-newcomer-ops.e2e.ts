import type { Locator } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { grantAdmin } from './support/admin';
import {
  baseUrl,
  closeBrowser,
  createUserViaHttp,
  openPage,
  signUpViaApi,
  uniqueUser,
} from './support/browser';
import { createPostViaHttp } from './support/posts';

/**
 * Issue 47, the admin's and operator's items, on the shared e2e product (no mail server, no
 * federation): what an admin reads on every tab of /admin.
 */
afterAll(closeBrowser);

/** The app's date words (lib/date-format.ts): 'December 7 at 3:50 AM', the year when not this one. */
const appDate =
  /(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}(, \d{4})? at \d{1,2}:\d{2} (AM|PM)/;

/** The browser's own `12/7/2026, 3:50:07 AM`, which the admin's tabs used to show. */
async function expectAppDates(place: Locator) {
  const text = (await place.textContent()) ?? '';
  expect(text).toMatch(appDate);
  expect(text).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/);
  expect(text).not.toMatch(/\d:\d{2}:\d{2}/);
}

describe('issue 47: the admin’s page', () => {
  it('every tab writes its dates as the rest of the app does, and the audit log in words', async () => {
    const { context, page } = await openPage('admin-dates-and-words');
    const admin = await signUpViaApi(context, uniqueUser('ops'));
    grantAdmin(admin.username);
    const author = await createUserViaHttp(uniqueUser('spam'));
    const reporter = await createUserViaHttp(uniqueUser('rep'));
    // Two posts: a second report of the same post by the same person is the first one again.
    const [kept, removed] = await Promise.all([
      createPostViaHttp(author.token, 'Buy followers here'),
      createPostViaHttp(author.token, 'Buy likes here'),
    ]);

    const report = async (post: { id: string }, note: string) => {
      const response = await fetch(`${baseUrl()}/api/reports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${reporter.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ target_type: 'post', target_id: post.id, reason: 'spam', note }),
      });
      expect(response.ok).toBe(true);
      return ((await response.json()) as { id: string }).id;
    };
    await report(kept, 'Still open');
    const resolved = await report(removed, 'Resolved by suspending');
    const asAdmin = { headers: { origin: baseUrl() } };
    const domain = `spam-${admin.username.slice(-6)}.example`;
    const actions = await Promise.all([
      context.request.post(`/api/admin/reports/${resolved}/resolve`, {
        ...asAdmin,
        data: { action: 'suspend_author' },
      }),
      context.request.put(`/api/admin/domains/${domain}`, {
        ...asAdmin,
        data: { severity: 'suspend' },
      }),
      context.request.post('/api/admin/invites', { ...asAdmin, data: { uses: 1 } }),
    ]);
    expect(actions.map((response) => response.ok())).toEqual([true, true, true]);
    const invite = (await actions[2]?.json()) as { code: string };

    // Each tab opened by its own address, as a bookmark or a reload opens it.
    await page.goto('/admin');
    const openReport = page.getByTestId('report').filter({ hasText: 'Still open' });
    await expectAppDates(openReport);

    await page.goto('/admin/servers');
    await expectAppDates(page.getByRole('listitem').filter({ hasText: domain }));

    await page.goto('/admin/invites');
    await expectAppDates(page.getByTestId('invite').filter({ hasText: invite.code }));

    await page.goto('/admin/audit');
    const mine = page.getByTestId('audit-entry').filter({ hasText: admin.username });
    const words = ['Reported account suspended', 'Server blocked', 'Invite created'];
    for (const word of words) {
      const entry = mine.filter({ hasText: word });
      await expectAppDates(entry);
      // The code stays as the tooltip, for whoever copies it into a script.
      expect(await entry.getByText(word).getAttribute('title')).toMatch(/^[a-z]+\.[a-z_]+$/);
    }
    const log = (await mine.allTextContents()).join('\n');
    for (const code of ['report.suspend_author', 'domain.suspend', 'invite.create']) {
      expect(log).not.toContain(code);
    }
  });
});
