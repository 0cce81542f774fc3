import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AccountSwitcherContext } from '@/lib/auth/account-switcher-prompt';
import { ClockProvider } from '@/lib/clock';
import {
  makeProfile,
  makeSuggestion,
  signedInSession,
  signedOutSession,
  suggestionList,
} from '@/testing/factories';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { SuggestionsSidebar } from './suggestions-sidebar';

const clock = { now: () => new Date('2026-06-01T00:00:00Z').getTime() };

describe('SuggestionsSidebar', () => {
  it('shows the reader with a Switch button, the suggested people with their reasons and the footer', async () => {
    mockApi({
      'GET /api/suggestions': {
        profiles: [
          makeSuggestion({ id: 'b', username: 'bob', reason: 'Followed by carol + 2 more' }),
          makeSuggestion({ id: 'd', username: 'dave', is_verified: true }),
        ],
        next_cursor: null,
      },
    });
    renderAsReader(
      <ClockProvider clock={clock}>
        <SuggestionsSidebar />
      </ClockProvider>,
      signedInSession(makeProfile({ username: 'alice', full_name: 'Alice Liddell' })),
    );
    const me = screen.getByTestId('sidebar-me');
    expect(me).toHaveTextContent('alice');
    expect(me).toHaveTextContent('Alice Liddell');
    expect(within(me).getByRole('link', { name: 'alice' })).toHaveAttribute('href', '/alice');
    expect(screen.getByRole('button', { name: 'Switch' })).toBeInTheDocument();

    const suggestions = await screen.findAllByTestId('suggestion');
    expect(suggestions).toHaveLength(2);
    expect(suggestions[0]).toHaveTextContent('Followed by carol + 2 more');
    expect(suggestions[1]).toHaveTextContent('Popular on Pinhole');
    expect(within(suggestions[1]!).getByLabelText('Verified')).toBeInTheDocument();
    expect(within(suggestions[0]!).getByRole('button', { name: 'Follow bob' })).toHaveTextContent(
      'Follow',
    );
    expect(within(suggestions[0]!).getByRole('link', { name: 'bob' })).toHaveAttribute(
      'href',
      '/bob',
    );
    expect(screen.getByRole('heading', { name: 'Suggestions for you' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See All' })).toHaveAttribute(
      'href',
      '/explore/people',
    );
    // Real links where there is a page; the items with none are gone (a dead link helps nobody).
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(within(footer).getByRole('link', { name: 'API' })).toHaveAttribute('href', '/api/docs');
    expect(within(footer).getAllByRole('link')).toHaveLength(2);
    expect(within(footer).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('© 2026 PINHOLE')).toBeInTheDocument();
  });

  it('hides the section when there is nobody to suggest', async () => {
    const fetchMock = mockApi({ 'GET /api/suggestions': { profiles: [], next_cursor: null } });
    renderAsReader(<SuggestionsSidebar />, signedOutSession);
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/suggestions')).toHaveLength(1));
    await waitFor(() => expect(screen.getByText(/PINHOLE/)).toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Suggestions for you' })).not.toBeInTheDocument();
  });

  it('signed out: only the suggestions, no reader row', async () => {
    mockApi({ 'GET /api/suggestions': suggestionList() });
    renderAsReader(<SuggestionsSidebar />, signedOutSession);
    expect(await screen.findAllByTestId('suggestion')).toHaveLength(5);
    expect(screen.queryByTestId('sidebar-me')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Switch' })).not.toBeInTheDocument();
  });

  it('Switch opens the account switcher and signs nobody out', async () => {
    const fetchMock = mockApi({
      'GET /api/suggestions': suggestionList(),
      'POST /api/auth/sign-out': new Response(null, { status: 204 }),
    });
    const openSwitcher = vi.fn();
    renderAsReader(
      <AccountSwitcherContext value={openSwitcher}>
        <SuggestionsSidebar />
      </AccountSwitcherContext>,
      signedInSession(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Switch' }));
    expect(openSwitcher).toHaveBeenCalledOnce();
    expect(callsTo(fetchMock, 'POST', '/api/auth/sign-out')).toHaveLength(0);
  });
});
