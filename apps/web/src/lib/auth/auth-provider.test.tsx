import { messages } from '@pinhole/contracts';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { makeProfile, signedInSession } from '@/testing/factories';
import { apiError, callsTo, deferred, json, mockApi } from '@/testing/mock-api';
import { renderWithApp } from '@/testing/render';
import { useAuth } from './use-auth';

function Probe() {
  const { loading, user, profile } = useAuth();
  if (loading) return <p>loading</p>;
  return <p>{user ? `signed in as ${profile?.username ?? 'no profile'}` : 'signed out'}</p>;
}

describe('AuthProvider', () => {
  it('throws the spec message when useAuth is used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow(messages.useAuthOutsideProvider);
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
  });

  it('stays loading until the session answers, then exposes user and profile', async () => {
    const session = deferred<Response>();
    mockApi({ 'GET /api/auth/session': () => session.promise });
    renderWithApp(<Probe />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    session.resolve(json(signedInSession(makeProfile({ username: 'carol' }))));
    expect(await screen.findByText('signed in as carol')).toBeInTheDocument();
  });

  it('logs a failed profile load and treats the reader as signed out', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ 'GET /api/auth/session': apiError(500, 'internal', 'Something went wrong') });
    renderWithApp(<Probe />);
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Error loading profile', expect.anything());
  });

  it('re-reads the session when the window regains focus', async () => {
    let current = signedInSession();
    const fetchMock = mockApi({ 'GET /api/auth/session': () => json(current) });
    renderWithApp(<Probe />);
    expect(await screen.findByText('signed in as alice')).toBeInTheDocument();
    current = { user: null, profile: null };
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/auth/session')).toHaveLength(2);
  });

  it('treats any 401 from the API as signed out', async () => {
    mockApi({
      'GET /api/auth/session': signedInSession(),
      'PUT /api/posts/p/like': apiError(401, 'unauthenticated', messages.signInRequired),
    });
    renderWithApp(<Probe />);
    expect(await screen.findByText('signed in as alice')).toBeInTheDocument();
    await act(async () => {
      await apiRequest('like', { params: { id: 'p' } }).catch(() => undefined);
    });
    await waitFor(() => expect(screen.getByText('signed out')).toBeInTheDocument());
  });

  it('signs out through the API', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': signedInSession(),
      'POST /api/auth/sign-out': new Response(null, { status: 204 }),
    });
    function SignOutProbe() {
      const { signOut } = useAuth();
      return (
        <>
          <Probe />
          <button type="button" onClick={() => void signOut()}>
            sign out
          </button>
        </>
      );
    }
    const user = userEvent.setup();
    renderWithApp(<SignOutProbe />);
    expect(await screen.findByText('signed in as alice')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'sign out' }));
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/auth/sign-out')).toHaveLength(1);
  });
});
