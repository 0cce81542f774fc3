import type { AdminUser, Report } from '@pinhole/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeProfile, makeSuggestion, signedInSession } from '@/testing/factories';
import { callsTo, json, mockApi, sentJson, sentUrl } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { AdminPage } from './admin-page';

const admin = makeProfile({ id: 'admin', username: 'root' });
const adminSession = () => {
  const session = signedInSession(admin);
  return { ...session, user: { ...session.user!, role: 'admin' as const } };
};
const bobSummary = makeSuggestion({ id: 'b', username: 'bob' });

function makeReport(overrides: Partial<Report> = {}): Report {
  return {
    id: 'r1',
    target_type: 'post',
    target_id: 'p1',
    reason: 'spam',
    note: 'buy my stuff, every day',
    reporter: makeSuggestion({ id: 'c', username: 'carol' }),
    target_preview: {
      text: 'cheap watches',
      image_url: '/storage/p1-small.webp',
      author: bobSummary,
      href: '/p/p1',
    },
    created_at: '2026-03-01T11:00:00.000Z',
    status: 'open',
    resolution: null,
    ...overrides,
  };
}

function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 'b',
    username: 'bob',
    full_name: 'Bob Builder',
    email: 'bob@example.com',
    avatar_url: null,
    role: 'member',
    suspended_at: null,
    posts_count: 3,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('/admin', () => {
  it('shows an admin the open reports with their preview; Dismiss resolves at once', async () => {
    let open = [makeReport()];
    const fetchMock = mockApi({
      'GET /api/admin/reports': ({ url }: { url: URL }) =>
        json({ reports: url.searchParams.get('status') === 'open' ? open : [], next_cursor: null }),
      'POST /api/admin/reports/r1/resolve': () => {
        open = [];
        return json(makeReport({ status: 'resolved', resolution: 'dismiss' }));
      },
    });
    const user = userEvent.setup();
    renderAsReader(<AdminPage />, adminSession());
    const report = await screen.findByTestId('report');
    expect(report).toHaveTextContent("It's spam");
    expect(report).toHaveTextContent('reported by carol');
    expect(report).toHaveTextContent('buy my stuff, every day');
    expect(report).toHaveTextContent('cheap watches');
    expect(report).toHaveTextContent('bob');
    expect(within(report).getByRole('link', { name: /Open post/ })).toHaveAttribute(
      'href',
      '/p/p1',
    );
    expect(report.querySelector('img')).toHaveAttribute('src', '/storage/p1-small.webp');
    await user.click(within(report).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('No open reports. All clear.')).toBeInTheDocument();
    expect(sentJson(fetchMock, 'POST', '/api/admin/reports/r1/resolve')).toEqual({
      action: 'dismiss',
    });
  });

  it('asks before removing content or suspending the author', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/reports': { reports: [makeReport()], next_cursor: null },
      'POST /api/admin/reports/r1/resolve': json(
        makeReport({ status: 'resolved', resolution: 'remove_content' }),
      ),
    });
    const user = userEvent.setup();
    renderAsReader(<AdminPage />, adminSession());
    const report = await screen.findByTestId('report');
    await user.click(within(report).getByRole('button', { name: 'Suspend author' }));
    const suspend = await screen.findByRole('dialog', { name: 'Suspend @bob?' });
    await user.click(within(suspend).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/api/admin/reports/r1/resolve')).toHaveLength(0);

    await user.click(within(report).getByRole('button', { name: 'Remove content' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove this content?' });
    await user.click(within(remove).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentJson(fetchMock, 'POST', '/api/admin/reports/r1/resolve')).toEqual({
      action: 'remove_content',
    });
  });

  it('lists resolved reports with how they were resolved', async () => {
    mockApi({
      'GET /api/admin/reports': ({ url }: { url: URL }) =>
        json({
          reports:
            url.searchParams.get('status') === 'resolved'
              ? [
                  makeReport({
                    status: 'resolved',
                    resolution: 'remove_content',
                    target_preview: null,
                  }),
                ]
              : [],
          next_cursor: null,
        }),
    });
    const user = userEvent.setup();
    renderAsReader(<AdminPage />, adminSession());
    await screen.findByText('No open reports. All clear.');
    await user.click(screen.getByRole('radio', { name: 'resolved' }));
    const report = await screen.findByTestId('report');
    expect(report).toHaveTextContent('Content removed');
    expect(report).toHaveTextContent('This post is no longer available.');
    expect(within(report).queryByRole('button')).not.toBeInTheDocument();
  });

  it('searches users and suspends (after asking) or unsuspends them', async () => {
    let bob = makeAdminUser();
    const fetchMock = mockApi({
      'GET /api/admin/reports': { reports: [], next_cursor: null },
      'GET /api/admin/users': () => json({ users: [bob], next_cursor: null }),
      'POST /api/admin/users/b/suspend': () => {
        bob = { ...bob, suspended_at: '2026-03-01T12:00:00.000Z' };
        return json(makeProfile({ id: 'b', username: 'bob' }));
      },
      'POST /api/admin/users/b/unsuspend': () => {
        bob = { ...bob, suspended_at: null };
        return json(makeProfile({ id: 'b', username: 'bob' }));
      },
    });
    const user = userEvent.setup();
    renderAsReader(<AdminPage />, adminSession());
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    const row = await screen.findByTestId('admin-user');
    expect(row).toHaveTextContent('bob@example.com');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'bo');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/admin/users').length).toBeGreaterThan(1),
    );
    const last = callsTo(fetchMock, 'GET', '/api/admin/users').length - 1;
    expect(sentUrl(fetchMock, 'GET', '/api/admin/users', last).searchParams.get('q')).toBe('bo');

    await user.click(screen.getByRole('button', { name: 'Suspend bob' }));
    const confirm = await screen.findByRole('dialog', { name: 'Suspend @bob?' });
    await user.click(within(confirm).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Suspended')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unsuspend bob' }));
    await waitFor(() => expect(screen.queryByText('Suspended')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST', '/api/admin/users/b/unsuspend')).toHaveLength(1);
  });

  it('creates an invite and shows its code with a Copy button', async () => {
    let invites: { code: string; uses_left: number; expires_at: string }[] = [];
    const fetchMock = mockApi({
      'GET /api/admin/reports': { reports: [], next_cursor: null },
      'GET /api/admin/invites': () => json({ invites }),
      'POST /api/admin/invites': () => {
        invites = [{ code: 'WELCOME-42', uses_left: 5, expires_at: '2026-03-31T12:00:00.000Z' }];
        return json(invites[0], 201);
      },
    });
    const user = userEvent.setup();
    renderAsReader(<AdminPage />, adminSession());
    await user.click(screen.getByRole('tab', { name: 'Invites' }));
    expect(await screen.findByText('No usable invites.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Uses'));
    await user.type(screen.getByLabelText('Uses'), '5');
    await user.clear(screen.getByLabelText('Valid for (days)'));
    await user.type(screen.getByLabelText('Valid for (days)'), '30');
    await user.click(screen.getByRole('button', { name: 'Create invite' }));
    const created = await screen.findByText('New invite code');
    expect(sentJson(fetchMock, 'POST', '/api/admin/invites')).toEqual({
      uses: 5,
      expires_in_days: 30,
    });
    expect(await screen.findByTestId('invite')).toHaveTextContent('5 uses left');
    await user.click(
      within(created.parentElement!).getByRole('button', { name: 'Copy WELCOME-42' }),
    );
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe('WELCOME-42');
    expect(screen.getAllByRole('button', { name: 'Copied' })).toHaveLength(1);
  });

  it("shows the instance's numbers and the audit log, newest first as sent", async () => {
    mockApi({
      'GET /api/admin/reports': { reports: [], next_cursor: null },
      'GET /api/admin/stats': {
        users: 12,
        posts: 1234,
        comments: 5,
        likes: 7,
        stories: 1,
        storage_bytes: 3 * 1024 * 1024,
        signups_last_7_days: 4,
      },
      'GET /api/admin/audit': {
        entries: [
          {
            id: 'a2',
            actor: makeSuggestion({ id: 'admin', username: 'root' }),
            action: 'report.remove_content',
            target_type: 'post',
            target_id: 'p1',
            summary: 'removed a post by @bob',
            created_at: '2026-03-01T11:30:00.000Z',
          },
          {
            id: 'a1',
            actor: null,
            action: 'user.suspend',
            target_type: 'user',
            target_id: 'c',
            summary: 'suspended @carol',
            created_at: '2026-03-01T10:00:00.000Z',
          },
        ],
        next_cursor: null,
      },
    });
    const user = userEvent.setup();
    renderAsReader(<AdminPage />, adminSession());
    await user.click(screen.getByRole('tab', { name: 'Numbers' }));
    const numbers = await screen.findByRole('region', { name: 'Numbers' });
    expect(numbers).toHaveTextContent('Users12');
    expect(numbers).toHaveTextContent('Posts1,234');
    expect(numbers).toHaveTextContent('Storage3.0 MB');
    expect(numbers).toHaveTextContent('Sign-ups, last 7 days4');
    await user.click(screen.getByRole('tab', { name: 'Audit log' }));
    const entries = await screen.findAllByTestId('audit-entry');
    expect(entries[0]).toHaveTextContent('root removed a post by @bob');
    expect(entries[1]).toHaveTextContent('Server command line: suspended @carol');
    // Words rather than the codes; dates as the rest of the app writes them (in the reader's
    // zone, so the test builds the expected day and hour from the same instant).
    expect(entries[0]).toHaveTextContent('Reported content removed');
    expect(entries[1]).toHaveTextContent('Account suspended');
    for (const entry of entries) expect(entry).not.toHaveTextContent(/report\.|user\./);
    const written = new Date('2026-03-01T11:30:00.000Z');
    const hour = written.getHours() % 12 === 0 ? 12 : written.getHours() % 12;
    const minutes = String(written.getMinutes()).padStart(2, '0');
    // The year is written only when it is not this one.
    expect(entries[0]).toHaveTextContent(
      new RegExp(`March ${written.getDate()}(, 2026)? at ${hour}:${minutes} (AM|PM)`),
    );
    expect(entries[0]).not.toHaveTextContent(/\d+\/\d+\/\d{4}/);
  });

  it('gives each tab its own address, and opens the tab its address names', async () => {
    mockApi({
      'GET /api/admin/reports': { reports: [], next_cursor: null },
      'GET /api/admin/audit': { entries: [], next_cursor: null },
    });
    const user = userEvent.setup();
    const { location } = renderAsReader(<AdminPage />, adminSession(), undefined, {
      path: '/admin/audit',
    });
    expect(screen.getByRole('tab', { name: 'Audit log' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No admin actions yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    expect(location.current?.pathname).toBe('/admin/users');
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Reports' }));
    expect(location.current?.pathname).toBe('/admin');
  });

  it('tells the admin when the server cannot send email, and how to give a reset link', async () => {
    mockApi({
      'GET /api/admin/reports': { reports: [], next_cursor: null },
      'GET /api/instance': {
        signups: 'open',
        name: 'Pinhole',
        description: '',
        rules: [],
        contact_email: '',
        stats: { users: 1, posts: 0 },
        mail: false,
        video: false,
      },
    });
    renderAsReader(<AdminPage />, adminSession());
    const notice = await screen.findByRole('region', { name: 'Email' });
    expect(notice).toHaveTextContent("This server can't send email");
    expect(notice).toHaveTextContent('npm run admin -- reset-link <username>');
  });
});
