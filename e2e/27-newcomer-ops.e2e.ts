import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin } from './support/admin';
import {
  artifactsDir,
  baseUrl,
  closeBrowser,
  createUserViaHttp,
  openPage,
  signUpViaApi,
  uniqueUser,
} from './support/browser';
import type { FederationRig, RigInstance, RigUser } from './support/federation-rig';
import { signUpOn, startFederationRig } from './support/federation-rig';
import { chromiumPath } from './support/global-setup';
import { createPostViaHttp } from './support/posts';

/**
 * Issue 47, the admin's and operator's items: what an admin reads on every tab of /admin, on the
 * shared e2e product (no mail server, no federation); and what the search box says of someone on
 * another server that has nobody by that name or does not answer, on a federating instance.
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

describe('issue 47: after deleting an account', () => {
  it('the phone’s home page says the account was deleted, in view and on top', async () => {
    const { context, page } = await openPage('deleted-account-phone', { width: 390, height: 844 });
    const me = await signUpViaApi(context, uniqueUser('gone'));
    await page.goto('/accounts/delete');
    await page.getByLabel('Enter your password to confirm').fill(me.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const toast = page.getByRole('status').filter({ hasText: 'Your account has been deleted.' });
    await toast.waitFor();
    await page.screenshot({ path: path.join(artifactsDir, 'account-deleted-390.png') });
    // Seen, not only present: inside the screen, and not under the phone's bottom bar.
    const box = await toast.locator('p').boundingBox();
    expect(box).not.toBeNull();
    const { x, y, width, height } = box ?? { x: 0, y: 0, width: 0, height: 0 };
    expect(y + height).toBeLessThanOrEqual(844);
    // The toast lets clicks through (pointer-events: none), which elementFromPoint honours too:
    // it is asked with that lifted, so whatever is drawn over the words answers instead.
    const onTop = await toast.evaluate(
      (status, [left, top]) => {
        (status as HTMLElement).style.pointerEvents = 'auto';
        return document.elementFromPoint(left ?? 0, top ?? 0)?.textContent ?? '';
      },
      [x + width / 2, y + height / 2],
    );
    expect(onTop).toBe('Your account has been deleted.');
  });
});

/** Types a handle into the header's search box; resolves to the box's spoken status. */
async function searchFor(page: Page, handle: string) {
  // The header's box is a stand-in until used; clicking it loads the real combobox.
  await page.getByRole('searchbox', { name: 'Search' }).first().click();
  await page
    .getByRole('combobox', { name: /Search/ })
    .first()
    .fill(handle);
  return page.getByRole('status').filter({ hasText: 'No results found.' });
}

/**
 * A federating instance (the server tests' TLS rig: https PUBLIC_URL, its own CA) with the
 * reference peer at peer.test, and Chromium on it. e2e/26 covers the instance that does not
 * federate; this is the one that tried and was told no, or got no answer.
 */
describe('issue 47: searching for someone on another server says what happened', () => {
  // Addresses no other rig user takes (docs/federation.md lists them).
  const addresses = { ops: '127.0.0.13', peer: '127.0.0.14' };
  let rig: FederationRig;
  let browser: Browser;
  let instance: RigInstance;
  let me: RigUser;

  beforeAll(async () => {
    rig = await startFederationRig({ instances: ['ops'], addresses });
    instance = rig.instance('ops');
    me = await signUpOn(instance, { username: 'seeker' });
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        `--host-resolver-rules=MAP ${instance.host} ${addresses.ops}`,
      ],
    });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await rig?.stop();
  });

  it('names the server that has nobody by that name, and the one that could not be reached', async () => {
    const context = await browser.newContext({
      baseURL: instance.origin,
      ignoreHTTPSErrors: true,
      viewport: { width: 1280, height: 900 },
    });
    const [name, value] = me.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: instance.origin }]);
    const page = await context.newPage();
    await page.goto('/');

    const nobody = await searchFor(page, '@nobody@peer.test');
    await nobody.getByText('No one by that name on peer.test.').waitFor({ timeout: 15_000 });

    const outage = await rig.takePeerDown();
    try {
      await page.reload();
      const away = await searchFor(page, '@someone@peer.test');
      await away
        .getByText("Couldn't reach peer.test. Try again later.")
        .waitFor({ timeout: 20_000 });
      expect(outage.attempts()).toBeGreaterThan(0);
    } finally {
      await outage.end();
    }
    await context.close();
  });
});
