import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  artifactsDir,
  closeBrowser,
  createUserViaHttp,
  openPage,
  signUpViaApi,
  uniqueUser,
} from './support/browser';
import { grantAdmin } from './support/admin';
import { expectNoSeriousA11yViolations } from './support/axe';
import { createPostViaHttp } from './support/posts';

afterAll(closeBrowser);

const notFound = (page: Page) =>
  page.getByRole('heading', { name: "Sorry, this page isn't available." });

describe('issue 21: reports, the admin page, blocks', () => {
  it('a member reports a post; the admin removes it from /admin; it is gone for everyone; the audit log says so', async () => {
    const bob = await createUserViaHttp(uniqueUser('modb'));
    const caption = `spam spam spam by ${bob.username}`;
    const post = await createPostViaHttp(bob.token, caption);

    // A visitor sees the post in the Everyone feed before it is removed.
    const visitor = await openPage('mod-visitor');
    await visitor.page.goto('/');
    await visitor.page.getByText(caption).first().waitFor();

    // Carol reports it through the post's menu.
    const c = await openPage('mod-reporter');
    await signUpViaApi(c.context, uniqueUser('modc'));
    await c.page.goto(`/p/${post.id}`);
    await c.page.getByRole('button', { name: 'More options' }).first().click();
    await c.page
      .getByRole('dialog', { name: 'Post options' })
      .getByRole('button', { name: 'Report' })
      .click();
    const report = c.page.getByRole('dialog', { name: 'Report' });
    await report.getByText('Why are you reporting this post?').waitFor();
    await expectNoSeriousA11yViolations(c.page, 'report dialog');
    await report.getByRole('radio', { name: "It's spam" }).check();
    await report.getByLabel('Add a note (optional)').fill('Selling watches in every post');
    const sent = c.page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/reports') && response.request().method() === 'POST',
    );
    await report.getByRole('button', { name: 'Submit report' }).click();
    expect((await sent).status()).toBe(201);
    await report.getByText('Thanks for letting us know').waitFor();

    // The admin: signed up, then granted the role from the command line.
    const a = await openPage('mod-admin');
    const admin = await signUpViaApi(a.context, uniqueUser('moda'));
    // Before the grant, /admin is the not-found page.
    await a.page.goto('/admin');
    await notFound(a.page).waitFor();
    grantAdmin(admin.username);
    await a.page.goto('/admin');
    await a.page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
    const card = a.page.getByTestId('report').filter({ hasText: caption });
    await card.waitFor();
    expect(await card.textContent()).toContain('Selling watches in every post');
    await card.locator('img').first().waitFor();
    const folder = path.join(artifactsDir, 'admin');
    fs.mkdirSync(folder, { recursive: true });
    await a.page.screenshot({ path: path.join(folder, 'reports-1280.png'), fullPage: true });
    await expectNoSeriousA11yViolations(a.page, '/admin reports');

    await card.getByRole('button', { name: 'Remove content' }).click();
    const confirm = a.page.getByRole('dialog', { name: 'Remove this content?' });
    const resolved = a.page.waitForResponse((response) => response.url().endsWith('/resolve'));
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    expect((await resolved).status()).toBe(200);
    await card.waitFor({ state: 'detached' });

    // Gone for everyone: its address is not found, the feed no longer has it.
    await c.page.goto(`/p/${post.id}`);
    await notFound(c.page).waitFor();
    await visitor.page.goto('/');
    await visitor.page.waitForLoadState('networkidle');
    await expect.poll(() => visitor.page.getByText(caption).count()).toBe(0);
    const direct = await fetch(new URL(`/api/posts/${post.id}`, a.page.url()));
    expect(direct.status).toBe(404);

    // The audit log shows the action, newest first.
    await a.page.getByRole('tab', { name: 'Audit log' }).click();
    const entry = a.page.getByTestId('audit-entry').first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain('Reported content removed');
    expect(await entry.textContent()).not.toContain('report.remove_content');
    expect(await entry.textContent()).toContain(admin.username);
    await a.page.screenshot({ path: path.join(folder, 'audit-1280.png'), fullPage: true });
    await expectNoSeriousA11yViolations(a.page, '/admin audit log');

    // The other sections at 1280, then the page at a phone's width.
    for (const tab of ['Users', 'Invites', 'Numbers']) {
      await a.page.getByRole('tab', { name: tab }).click();
      await a.page.getByRole('tabpanel').getByRole('region').first().waitFor();
      await a.page.waitForLoadState('networkidle');
      await a.page.screenshot({
        path: path.join(folder, `${tab.toLowerCase()}-1280.png`),
        fullPage: true,
      });
    }
    await a.page.getByRole('tab', { name: 'Invites' }).click();
    await a.page.getByRole('button', { name: 'Create invite' }).click();
    await a.page.getByText('New invite code').waitFor();
    await a.page.setViewportSize({ width: 390, height: 844 });
    await a.page.screenshot({ path: path.join(folder, 'invites-390.png'), fullPage: true });
    await a.page.getByRole('tab', { name: 'Reports' }).click();
    await a.page.getByRole('radio', { name: 'resolved' }).click();
    await a.page.getByTestId('report').filter({ hasText: 'Content removed' }).first().waitFor();
    await a.page.screenshot({
      path: path.join(folder, 'reports-resolved-390.png'),
      fullPage: true,
    });
    await a.page.getByRole('tab', { name: 'Audit log' }).click();
    await a.page.getByTestId('audit-entry').first().waitFor();
    await a.page.screenshot({ path: path.join(folder, 'audit-390.png'), fullPage: true });

    expect(a.errors).toEqual([]);
    await Promise.all([a.context.close(), c.context.close(), visitor.context.close()]);
    // Four people, three browsers and eight screenshots on a shared two-core machine.
  }, 150_000);

  it('A blocks B from the profile menu and sees "You blocked"; B gets not-found for A; A unblocks from /accounts/blocked, then from the profile', async () => {
    const b = await openPage('block-b');
    const bee = await signUpViaApi(b.context, uniqueUser('blkb'));
    const caption = `a photo by ${bee.username}`;
    await createPostViaHttp(bee.token, caption, [320, 320]);
    const a = await openPage('block-a');
    const ay = await signUpViaApi(a.context, uniqueUser('blka'));
    const beePost = a.page.getByRole('link', { name: caption });
    const youBlocked = a.page.getByRole('heading', { name: `You blocked @${bee.username}` });

    await a.page.goto(`/${bee.username}`);
    await beePost.waitFor();
    await a.page.getByRole('button', { name: `Options for ${bee.username}` }).click();
    await a.page.getByRole('menuitem', { name: 'Block' }).click();
    const confirm = a.page.getByRole('dialog', { name: `Block @${bee.username}?` });
    await confirm.getByText("They won't be able to find your profile, posts or story").waitFor();
    await confirm.getByRole('button', { name: 'Block', exact: true }).click();
    // A stays on the profile: its header, "You blocked", no posts, no Follow button.
    await youBlocked.waitFor();
    await a.page.getByRole('heading', { name: bee.username, level: 1 }).waitFor();
    expect(await beePost.count()).toBe(0);
    expect(await a.page.getByRole('button', { name: `Follow ${bee.username}` }).count()).toBe(0);

    await b.page.goto(`/${ay.username}`);
    await notFound(b.page).waitFor();

    // The blocked list undoes it too, and Block there blocks again.
    await a.page.goto('/accounts/blocked');
    await a.page.getByRole('button', { name: `Unblock ${bee.username}` }).click();
    await a.page.getByRole('button', { name: `Block ${bee.username}` }).click();
    await a.page.getByRole('button', { name: `Unblock ${bee.username}` }).waitFor();

    // Opened afresh (the page the server draws), the profile says so; Unblock there brings it back.
    await a.page.goto(`/${bee.username}`);
    await youBlocked.waitFor();
    await a.page.getByRole('button', { name: 'Unblock', exact: true }).click();
    await beePost.waitFor();
    await a.page.getByRole('button', { name: `Follow ${bee.username}` }).waitFor();
    expect(await youBlocked.count()).toBe(0);
    await b.page.goto(`/${ay.username}`);
    await b.page.getByRole('heading', { name: ay.username }).waitFor();

    expect(a.errors).toEqual([]);
    await Promise.all([a.context.close(), b.context.close()]);
  });

  it('an admin blocks a server from the Servers tab, sees it listed, and removes it (1280 and 390 px)', async () => {
    const a = await openPage('servers-admin');
    const admin = await signUpViaApi(a.context, uniqueUser('srva'));
    grantAdmin(admin.username);
    await a.page.goto('/admin');
    await a.page.getByRole('tab', { name: 'Servers' }).click();
    const panel = a.page.getByRole('region', { name: 'Servers' });
    await panel.getByLabel('Domain').fill('spam.example');
    await panel.getByLabel('Severity').selectOption('suspend');
    await panel.getByLabel(/^Reason/).fill('Bot farm');
    const saved = a.page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/admin/domains/spam.example') &&
        response.request().method() === 'PUT',
    );
    await panel.getByRole('button', { name: 'Block server' }).click();
    expect((await saved).status()).toBe(200);
    const listed = panel.getByRole('list', { name: 'Blocked servers' });
    await listed.getByText('spam.example').waitFor();
    await listed.getByText(/Suspended · .* · Bot farm/).waitFor();
    const folder = path.join(artifactsDir, 'admin');
    fs.mkdirSync(folder, { recursive: true });
    await a.page.screenshot({ path: path.join(folder, 'servers-1280.png'), fullPage: true });
    await expectNoSeriousA11yViolations(a.page, '/admin servers');
    await a.page.setViewportSize({ width: 390, height: 844 });
    await a.page.screenshot({ path: path.join(folder, 'servers-390.png'), fullPage: true });

    await panel.getByRole('button', { name: 'Remove the block of spam.example' }).click();
    await panel.getByText('No server is blocked.').waitFor();
    const audit = await a.page.request.get('/api/admin/audit');
    const actions = ((await audit.json()) as { entries: { action: string }[] }).entries.map(
      (entry) => entry.action,
    );
    expect(actions.slice(0, 2)).toEqual(['domain.unblock', 'domain.suspend']);
    expect(a.errors).toEqual([]);
    await a.context.close();
  }, 90_000);
});
