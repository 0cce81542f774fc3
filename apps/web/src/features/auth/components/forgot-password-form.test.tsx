import { messages, safetyMessages } from '@pinhole/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, mockApi, sentJson } from '@/testing/mock-api';
import { renderWithApp } from '@/testing/render';
import { AuthDialog } from './auth-dialog';

const resetPath = '/api/auth/password-reset';

function Harness() {
  const [open, setOpen] = useState(true);
  return <AuthDialog open={open} onOpenChange={setOpen} />;
}

async function openForgotForm(routes: Record<string, unknown>) {
  const fetchMock = mockApi({ 'GET /api/auth/session': { user: null, profile: null }, ...routes });
  const user = userEvent.setup();
  renderWithApp(<Harness />);
  await screen.findByRole('dialog');
  await user.type(screen.getByLabelText('Email'), 'Alice@Example.com');
  await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
  const dialog = screen.getByRole('dialog', { name: 'Reset your password' });
  return { user, dialog, fetchMock };
}

describe('Forgot password? in the sign-in dialog', () => {
  it('sends the email typed at sign-in and says the one sentence, whatever the account', async () => {
    const { user, dialog, fetchMock } = await openForgotForm({
      [`POST ${resetPath}`]: new Response(null, { status: 202 }),
    });
    expect(within(dialog).getByLabelText('Email')).toHaveValue('Alice@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      safetyMessages.passwordResetSent,
    );
    expect(sentJson(fetchMock, 'POST', resetPath)).toEqual({ email: 'alice@example.com' });

    await user.click(within(dialog).getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('dialog', { name: 'Sign in to Pinhole' })).toBeInTheDocument();
  });

  it('checks the email before sending anything', async () => {
    const { user, dialog, fetchMock } = await openForgotForm({});
    const email = within(dialog).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please enter a valid email address',
    );
    expect(callsTo(fetchMock, 'POST', resetPath)).toHaveLength(0);
  });

  it('says so when too many links were asked for from here, so no email is awaited', async () => {
    const { user, dialog } = await openForgotForm({
      [`POST ${resetPath}`]: apiError(429, 'rate_limited', messages.rateLimited),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.rateLimited);
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says at once that this server sends no email, from the instance, before anything is sent', async () => {
    const { dialog, fetchMock } = await openForgotForm({
      'GET /api/instance': { ...instanceWithoutMail },
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "This server can't send email — ask its admin for a reset link",
    );
    expect(within(dialog).queryByRole('button', { name: 'Send reset link' })).toBeNull();
    expect(callsTo(fetchMock, 'POST', resetPath)).toHaveLength(0);
  });

  it('says the same when the server answers 503 mail_unavailable to the request', async () => {
    const { user, dialog } = await openForgotForm({
      [`POST ${resetPath}`]: apiError(503, 'mail_unavailable', safetyMessages.mailUnavailable),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      safetyMessages.mailUnavailable,
    );
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });
});

const instanceWithoutMail = {
  signups: 'open',
  name: 'Pinhole',
  description: '',
  rules: [],
  contact_email: '',
  stats: { users: 1, posts: 0 },
  mail: false,
  video: false,
};
