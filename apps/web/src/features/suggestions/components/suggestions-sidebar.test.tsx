import { limits } from '@pinhole/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ClockProvider } from '@/lib/clock';
import { makeProfile, signedInSession, signedOutSession } from '@/testing/factories';
import { renderAsReader } from '@/testing/render';
import { SuggestionsSidebar } from './suggestions-sidebar';

const clock = { now: () => new Date('2026-06-01T00:00:00Z').getTime() };

describe('SuggestionsSidebar', () => {
  it('shows the reader with a Switch button, five suggestions and the footer', () => {
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

    expect(screen.getByRole('heading', { name: 'Suggestions for you' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'See All' })).toBeInTheDocument();
    const suggestions = screen.getAllByTestId('suggestion');
    expect(suggestions).toHaveLength(limits.sampleSuggestionsCount);
    expect(suggestions).toHaveLength(5);
    for (const suggestion of suggestions) {
      expect(suggestion).toHaveTextContent('Suggested for you');
      expect(suggestion.querySelector('button')).toHaveTextContent('Follow');
      // Each name (and its avatar) leads to that profile.
      const [name] = within(suggestion).getAllByRole('link');
      expect(name).toHaveAttribute('href', `/${name?.textContent}`);
    }

    for (const link of ['About', 'Help', 'Press', 'API', 'Jobs', 'Privacy', 'Terms']) {
      expect(screen.getByRole('button', { name: link })).toBeInTheDocument();
    }
    expect(screen.getByText('© 2026 PINHOLE')).toBeInTheDocument();
  });

  it('shows only the suggestions when signed out', () => {
    renderAsReader(<SuggestionsSidebar />, signedOutSession);
    expect(screen.queryByTestId('sidebar-me')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Switch' })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('suggestion')).toHaveLength(5);
  });
});
