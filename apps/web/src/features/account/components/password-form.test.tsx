import { messages } from '@pinhole/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInSession } from '@/testing/factories';
import { apiError, callsTo, deferred, json, mockApi, sentJson } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { PasswordForm } from './password-form';

const passwordPath = '/api/auth/password';

/** The message line right under a field (empty when all is well). */
const messageUnder = (label: string) => screen.getByLabelText(label).nextElementSibling;

function renderForm() {
  const user = userEvent.setup();
  renderAsReader(<PasswordForm />, signedInSession());
  return { user };
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  current: string,
  next: string,
  again = next,
) {
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), again);
}

describe('PasswordForm', () => {
  it('has three password fields that password managers understand', () => {
    renderForm();
    const autocomplete = (label: string) => {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('type', 'password');
      return input.getAttribute('autocomplete');
    };
    expect(autocomplete('Current password')).toBe('current-password');
    expect(autocomplete('New password')).toBe('new-password');
    expect(autocomplete('Confirm new password')).toBe('new-password');
    for (const label of ['Current password', 'New password', 'Confirm new password'])
      expect(messageUnder(label)).toBeEmptyDOMElement();
  });

  it('keeps Change password disabled until the current and new passwords are typed', async () => {
    const { user } = renderForm();
    const button = screen.getByRole('button', { name: 'Change password' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    expect(button).toBeEnabled();
  });

  it('says Passwords do not match under the confirmation and sends nothing', async () => {
    const fetchMock = mockApi({ [`POST ${passwordPath}`]: new Response(null, { status: 204 }) });
    const { user } = renderForm();
    await fill(user, 'old-secret', 'new-secret', 'new-secreT');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(messageUnder('Confirm new password')).toHaveTextContent('Passwords do not match');
    expect(fetchMock).not.toHaveBeenCalled();

    // Once they match, the message goes and the change is sent.
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(messageUnder('Confirm new password')).toBeEmptyDOMElement();
    await waitFor(() => expect(callsTo(fetchMock, 'POST', passwordPath)).toHaveLength(1));
  });

  it('sends the current and new password, then clears the form and says the others were signed out', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi({ [`POST ${passwordPath}`]: () => answer.promise });
    const { user } = renderForm();
    await fill(user, 'old-secret', 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(sentJson(fetchMock, 'POST', passwordPath)).toEqual({
      current_password: 'old-secret',
      new_password: 'new-secret',
    });
    expect(screen.getByRole('button', { name: 'Change password' })).toBeDisabled();

    answer.resolve(new Response(null, { status: 204 }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Password changed. You were signed out everywhere else.',
      ),
    );
    for (const label of ['Current password', 'New password', 'Confirm new password'])
      expect(screen.getByLabelText(label)).toHaveValue('');
  });

  it("shows the server's field errors under their fields, not as a general alert", async () => {
    const refusals = [
      { current_password: 'Current password is incorrect' },
      { new_password: 'Password must be at least 6 characters' },
    ];
    mockApi({
      [`POST ${passwordPath}`]: () => {
        const fields = refusals.shift();
        return json({ error: { code: 'validation_error', message: 'Refused', fields } }, 400);
      },
    });
    const { user } = renderForm();
    await fill(user, 'wrong-secret', 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() =>
      expect(messageUnder('Current password')).toHaveTextContent('Current password is incorrect'),
    );
    expect(messageUnder('New password')).toBeEmptyDOMElement();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Nothing was cleared: the reader corrects what is wrong and tries again.
    expect(screen.getByLabelText('Current password')).toHaveValue('wrong-secret');

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(messageUnder('New password')).toHaveTextContent(
        'Password must be at least 6 characters',
      ),
    );
    expect(messageUnder('Current password')).toBeEmptyDOMElement();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows an error without fields (too many attempts) as an alert', async () => {
    mockApi({ [`POST ${passwordPath}`]: apiError(429, 'rate_limited', messages.rateLimited) });
    const { user } = renderForm();
    await fill(user, 'old-secret', 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.rateLimited);
    expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
  });
});
