import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProfile, signedInSession } from '@/testing/factories';
import { mockApi } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { AdminRoute } from './admin';

const admin = makeProfile({ id: 'admin', username: 'root' });

describe('/admin', () => {
  it('is the not-found page for members and for visitors', () => {
    mockApi({});
    const { unmount } = renderAsReader(<AdminRoute />, signedInSession(admin));
    expect(screen.getByRole('heading', { name: /this page isn't available/ })).toBeInTheDocument();
    unmount();
    renderAsReader(<AdminRoute />, { user: null, profile: null });
    expect(screen.getByRole('heading', { name: /this page isn't available/ })).toBeInTheDocument();
  });

  it('is the admin page for an admin', async () => {
    mockApi({ 'GET /api/admin/reports': { reports: [], next_cursor: null } });
    const session = signedInSession(admin);
    renderAsReader(<AdminRoute />, { ...session, user: { ...session.user!, role: 'admin' } });
    expect(screen.getByRole('heading', { name: 'Admin', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No open reports. All clear.')).toBeInTheDocument();
  });
});
