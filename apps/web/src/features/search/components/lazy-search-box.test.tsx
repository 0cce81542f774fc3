import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeProfile, signedInSession } from '@/testing/factories';
import { callsTo, json, mockApi, sentUrl } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { LazySearchBox } from './lazy-search-box';

const reader = makeProfile({ id: 'reader-1', username: 'reader' });

describe('LazySearchBox', () => {
  it('is a plain search box until used, then the real one takes over with the text and focus', async () => {
    const fetchMock = mockApi({
      'GET /api/search': () =>
        json({
          profiles: [
            {
              id: 'id-alice',
              username: 'alice',
              full_name: 'Alice Liddell',
              avatar_url: null,
              is_verified: false,
              followed_by_me: false,
              is_remote: false,
            },
          ],
          hashtags: [],
        }),
    });
    const user = userEvent.setup();
    renderAsReader(<LazySearchBox />, signedInSession(reader));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();

    // Focused from the keyboard: a click's pointer could load the real box on its way in (when
    // its chunk is at hand) and land on the stand-in after it left, which a person's slower hand
    // never meets.
    await user.tab();
    await user.keyboard('al');
    const real = await screen.findByRole('combobox', { name: 'Search' });
    expect(real).toHaveFocus();
    // Whatever was typed before and after the swap ends up in the real box.
    await user.keyboard('i');
    expect(real).toHaveValue('ali');
    expect(await screen.findByRole('option', { name: /alice/ })).toBeInTheDocument();
    // The real box searches for the whole text, once the typing pauses.
    await waitFor(() => {
      const calls = callsTo(fetchMock, 'GET', '/api/search').length;
      expect(sentUrl(fetchMock, 'GET', '/api/search', calls - 1).searchParams.get('q')).toBe('ali');
    });
  });
});
