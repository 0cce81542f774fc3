import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toastMs } from '@/components/ui/toast';
import { DeleteAccountForm } from '@/features/account/components/delete-account-form';
import { makeProfile, signedInSession } from '@/testing/factories';
import { mockApi } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { RouteNotice } from './route-notice';

describe('RouteNotice', () => {
  it(
    'says "Your account has been deleted." on the home page after deleting it, once',
    {
      timeout: toastMs + 8000,
    },
    async () => {
      mockApi({ 'DELETE /api/me': new Response(null, { status: 204 }) });
      const user = userEvent.setup();
      const { location } = renderAsReader(
        <>
          <DeleteAccountForm />
          <RouteNotice />
        </>,
        signedInSession(makeProfile({ id: 'me', username: 'alice' })),
        undefined,
        { path: '/accounts/delete' },
      );
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      await user.type(screen.getByLabelText('Enter your password to confirm'), 'secret');
      await user.click(screen.getByRole('button', { name: 'Delete my account' }));
      await waitFor(() => expect(location.current?.pathname).toBe('/'));
      expect(await screen.findByRole('status')).toHaveTextContent('Your account has been deleted.');

      // It leaves by itself, and the history entry no longer carries it (a reload shows nothing).
      await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument(), {
        timeout: toastMs + 2000,
      });
      expect(location.current?.pathname).toBe('/');
      expect((location.current?.state as { notice?: string } | null)?.notice).toBeUndefined();
    },
  );
});
