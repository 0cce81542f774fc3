import { messages, type SessionResponse } from '@pinhole/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAuth } from '@/lib/auth/use-auth';
import { queryKeys } from '@/lib/query-keys';
import { makeProfile, signedInSession } from '@/testing/factories';
import { apiError, callsTo, mockApi } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { SettingsMenu } from './settings-menu';

const me = makeProfile({ id: 'me', username: 'alice' });

/** As on a profile page: the menu is there only while it is your own, so signing out removes it. */
function OwnProfileMenu() {
  return useAuth().user ? <SettingsMenu /> : null;
}

/** The menu on alice's own profile, opened from the settings icon. */
async function openMenu() {
  const user = userEvent.setup();
  const rendered = renderAsReader(<OwnProfileMenu />, signedInSession(me), undefined, {
    path: '/alice',
  });
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Settings' }));
  const menu = await screen.findByRole('menu');
  return { user, menu, ...rendered };
}

describe('SettingsMenu', () => {
  it('links to /admin for an admin only', async () => {
    const { menu } = await openMenu();
    expect(within(menu).queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    const session = signedInSession(me);
    renderAsReader(<SettingsMenu />, { ...session, user: { ...session.user!, role: 'admin' } });
    await user.click(screen.getAllByRole('button', { name: 'Settings' })[1]!);
    const adminMenu = await screen.findByRole('menu');
    expect(within(adminMenu).getByRole('menuitem', { name: 'Admin' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('lists every account page, Download your data, Import posts, About and Sign out, in that order', async () => {
    const { menu } = await openMenu();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Edit profile',
      'Change password',
      "Where you're signed in",
      'Blocked accounts',
      'Notifications',
      'Download your data',
      'Import posts',
      'Delete account',
      'About this instance',
      'Sign out',
    ]);
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '/accounts/edit',
      '/accounts/password',
      '/accounts/sessions',
      '/accounts/blocked',
      '/accounts/notifications',
      '/api/me/export',
      '/accounts/import',
      '/accounts/delete',
      '/about',
      null,
    ]);
    // The export is a file to save, not a page to open.
    expect(within(menu).getByRole('menuitem', { name: 'Download your data' })).toHaveAttribute(
      'download',
    );
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('goes to the chosen page and closes', async () => {
    const { user, menu, location } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Change password' }));
    expect(location.current?.pathname).toBe('/accounts/password');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('Sign out signs out and goes home', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/sign-out': new Response(null, { status: 204 }) });
    const { user, menu, location, queryClient } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(location.current?.pathname).toBe('/'));
    expect(callsTo(fetchMock, 'POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(queryClient.getQueryData<SessionResponse>(queryKeys.session)).toEqual({
      user: null,
      profile: null,
    });
    expect(screen.queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('logs "Error signing out" and stays put when signing out fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ 'POST /api/auth/sign-out': apiError(503, 'unavailable', messages.unavailable) });
    const { user, menu, location, queryClient } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(log).toHaveBeenCalledWith('Error signing out', expect.anything()));
    expect(location.current?.pathname).toBe('/alice');
    expect(queryClient.getQueryData<SessionResponse>(queryKeys.session)?.user).not.toBeNull();
  });
});
