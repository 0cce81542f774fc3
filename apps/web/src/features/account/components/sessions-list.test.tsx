import { messages, type AccountSession } from '@pinhole/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInSession } from '@/testing/factories';
import { apiError, callsTo, deferred, json, mockApi } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { describeAgent, SessionsList } from './sessions-list';

const agents = {
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  safariPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
};

function session(overrides: Partial<AccountSession>): AccountSession {
  return {
    id: 'session-x',
    created_at: '2026-02-01T00:00:00.000Z',
    // The test clock stands at 2026-03-01T12:00Z.
    last_seen_at: '2026-03-01T09:00:00.000Z',
    user_agent: agents.chromeMac,
    current: false,
    ...overrides,
  };
}

const laptop = session({ id: 'laptop', user_agent: agents.firefoxLinux, current: true });
const phone = session({ id: 'phone/1', user_agent: agents.safariPhone });
const office = session({ id: 'office', last_seen_at: '2026-02-26T12:00:00.000Z' });

function renderList() {
  const user = userEvent.setup();
  renderAsReader(<SessionsList />, signedInSession());
  return { user };
}

/** Each listed session's text, in order. */
const rows = () => screen.queryAllByTestId('session').map((row) => row.textContent);

describe('describeAgent', () => {
  it('names the browser and system, and knows a phone', () => {
    expect(describeAgent(agents.chromeMac)).toEqual({ label: 'Chrome on macOS', mobile: false });
    expect(describeAgent(agents.safariPhone)).toEqual({ label: 'Safari on iOS', mobile: true });
  });

  it('says Unknown device for no agent or one nobody recognises', () => {
    expect(describeAgent(null)).toEqual({ label: 'Unknown device', mobile: false });
    expect(describeAgent('curl/8.5.0')).toEqual({ label: 'Unknown device', mobile: false });
  });
});

describe('SessionsList', () => {
  it('lists each session, marks this device, and says when the others were last active', async () => {
    mockApi({ 'GET /api/auth/sessions': { sessions: [laptop, phone, office] } });
    renderList();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    await waitFor(() =>
      expect(rows()).toEqual([
        'Firefox on LinuxThis device',
        'Safari on iOSActive 3hSign out',
        'Chrome on macOSActive 3dSign out',
      ]),
    );
    const [here, elsewhere] = screen.getAllByTestId('session');
    // This device cannot be signed out from here (Sign out in the menu does that).
    expect(within(here!).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(elsewhere!).getByRole('button', { name: 'Sign out Safari on iOS' }),
    ).toBeEnabled();
    expect(elsewhere!.querySelector('svg.lucide-smartphone')).not.toBeNull();
    expect(here!.querySelector('svg.lucide-monitor')).not.toBeNull();
  });

  it('signs one session out with DELETE /api/auth/sessions/:id and reads the list again', async () => {
    let sessions = [laptop, phone, office];
    const answer = deferred<Response>();
    const fetchMock = mockApi({
      'GET /api/auth/sessions': () => json({ sessions }),
      'DELETE /api/auth/sessions/phone%2F1': async () => {
        const response = await answer.promise;
        sessions = [laptop, office];
        return response;
      },
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));

    expect(callsTo(fetchMock, 'DELETE', '/api/auth/sessions/phone%2F1')).toHaveLength(1);
    // While it goes, no other sign-out can start.
    expect(screen.getByRole('button', { name: 'Sign out Chrome on macOS' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign out of all other sessions' })).toBeDisabled();

    answer.resolve(new Response(null, { status: 204 }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/auth/sessions')).toHaveLength(2);
    expect(callsTo(fetchMock, 'DELETE', '/api/auth/sessions')).toHaveLength(0);
  });

  it('signs out of all other sessions at once, then offers that no more', async () => {
    let sessions = [laptop, phone, office];
    const fetchMock = mockApi({
      'GET /api/auth/sessions': () => json({ sessions }),
      'DELETE /api/auth/sessions': () => {
        sessions = [laptop];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Sign out of all other sessions' }));
    await waitFor(() => expect(rows()).toEqual(['Firefox on LinuxThis device']));
    expect(callsTo(fetchMock, 'DELETE', '/api/auth/sessions')).toHaveLength(1);
    expect(
      screen.queryByRole('button', { name: 'Sign out of all other sessions' }),
    ).not.toBeInTheDocument();
  });

  it('says why when a sign-out fails, and keeps the session listed', async () => {
    mockApi({
      'GET /api/auth/sessions': { sessions: [laptop, office] },
      'DELETE /api/auth/sessions/office': apiError(503, 'unavailable', messages.unavailable),
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Sign out Chrome on macOS' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.unavailable);
    expect(rows()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Sign out Chrome on macOS' })).toBeEnabled();
  });

  it('shows why the list could not be read, and Try again reads it again', async () => {
    let fail = true;
    const retry = deferred<Response>();
    const fetchMock = mockApi({
      'GET /api/auth/sessions': () =>
        fail ? apiError(503, 'unavailable', messages.unavailable) : retry.promise,
    });
    const { user } = renderList();
    expect(await screen.findByText(messages.unavailable)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    // With nothing to show yet, the list's spinner stands in while it tries.
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByText(messages.unavailable)).not.toBeInTheDocument();
    retry.resolve(json({ sessions: [laptop] }));
    await waitFor(() => expect(rows()).toEqual(['Firefox on LinuxThis device']));
    expect(callsTo(fetchMock, 'GET', '/api/auth/sessions')).toHaveLength(2);
  });
});
