import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeProfile, makeSuggestion, signedInSession } from '@/testing/factories';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { PrivacySettings } from './privacy-settings';

const me = makeProfile({ id: 'me', username: 'alice' });

describe('PrivacySettings', () => {
  it('turns the account private with the switch', async () => {
    const fetchMock = mockApi({
      'PATCH /api/profiles/me': { ...me, is_private: true },
      'GET /api/me/follow-requests': { profiles: [], next_cursor: null },
    });
    renderAsReader(<PrivacySettings />, signedInSession(me));
    const toggle = screen.getByRole('switch', { name: 'Private account' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    const [[, init]] = callsTo(fetchMock, 'PATCH', '/api/profiles/me') as [
      [unknown, { body: string }],
    ];
    expect(JSON.parse(init.body)).toEqual({ is_private: true });
    expect(await screen.findByText('No pending requests.')).toBeInTheDocument();
  });

  it('approves or declines each pending request', async () => {
    let pending = [
      makeSuggestion({ id: 'c', username: 'carol' }),
      makeSuggestion({ id: 'd', username: 'dave' }),
    ];
    const fetchMock = mockApi({
      'GET /api/me/follow-requests': () => Response.json({ profiles: pending, next_cursor: null }),
      'POST /api/me/follow-requests/c/approve': () => {
        pending = pending.filter((p) => p.id !== 'c');
        return new Response(null, { status: 204 });
      },
      'DELETE /api/me/follow-requests/d': () => {
        pending = pending.filter((p) => p.id !== 'd');
        return new Response(null, { status: 204 });
      },
      'GET /api/auth/session': signedInSession({ ...me, is_private: true }),
    });
    renderAsReader(<PrivacySettings />, signedInSession({ ...me, is_private: true }));
    expect(await screen.findAllByTestId('follow-request')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Approve carol' }));
    await waitFor(() => expect(screen.getAllByTestId('follow-request')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Decline dave' }));
    expect(await screen.findByText('No pending requests.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/me/follow-requests/c/approve')).toHaveLength(1);
    expect(callsTo(fetchMock, 'DELETE', '/api/me/follow-requests/d')).toHaveLength(1);
  });
});
