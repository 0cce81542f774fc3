import { safetyMessages } from '@pinhole/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, json, mockApi, sentJson } from '@/testing/mock-api';
import { renderWithQuery } from '@/testing/render';
import { ResetPasswordForm } from './reset-password-form';

const confirmPath = '/api/auth/password-reset/confirm';
const expired = json(
  {
    error: {
      code: 'validation_error',
      message: safetyMessages.resetLinkExpired,
      fields: { token: safetyMessages.resetLinkExpired },
    },
  },
  400,
);

function renderForm(routes: Record<string, unknown>, token = 'the-token') {
  const fetchMock = mockApi(routes);
  const onSignIn = vi.fn();
  const user = userEvent.setup();
  renderWithQuery(<ResetPasswordForm token={token} onSignIn={onSignIn} />);
  return { fetchMock, onSignIn, user };
}

async function fill(user: ReturnType<typeof userEvent.setup>, password: string, again = password) {
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), again);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ResetPasswordForm', () => {
  it('sends the token with the new password, then offers to sign in with it', async () => {
    const { fetchMock, onSignIn, user } = renderForm({
      [`POST ${confirmPath}`]: new Response(null, { status: 204 }),
    });
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    await fill(user, 'a-new-secret');
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed');
    expect(sentJson(fetchMock, 'POST', confirmPath)).toEqual({
      token: 'the-token',
      new_password: 'a-new-secret',
    });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSignIn).toHaveBeenCalledOnce();
  });

  it('shows the server’s message for a used or expired link', async () => {
    const { user } = renderForm({ [`POST ${confirmPath}`]: expired });
    await fill(user, 'a-new-secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(safetyMessages.resetLinkExpired);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('checks the two passwords and their length before sending', async () => {
    const { fetchMock, user } = renderForm({});
    await fill(user, 'a-new-secret', 'a-new-secreT');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await fill(user, 'abc');
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least');
    expect(callsTo(fetchMock, 'POST', confirmPath)).toHaveLength(0);
  });

  it('says a link without a token has expired, with nothing to fill', () => {
    renderForm({}, '');
    expect(screen.getByRole('alert')).toHaveTextContent(safetyMessages.resetLinkExpired);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
