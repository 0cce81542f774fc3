import { messages, type SessionResponse } from '@pinhole/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { makeProfile, signedInSession } from '@/testing/factories';
import { apiError, callsTo, deferred, json, mockApi, sentJson } from '@/testing/mock-api';
import { renderAsReader, testQueryClient } from '@/testing/render';
import { DeleteAccountForm } from './delete-account-form';

const me = makeProfile({ id: 'me', username: 'alice' });
const password = () => screen.getByLabelText('Enter your password to confirm');
const deleteButton = () => screen.getByRole('button', { name: 'Delete my account' });
/** The message line under the password (empty when all is well). */
const messageUnder = () => password().nextElementSibling;

function renderForm() {
  const user = userEvent.setup();
  const queryClient = testQueryClient();
  // Something else cached, which must not outlive the account.
  queryClient.setQueryData(queryKeys.profileByUsername('alice'), me);
  const rendered = renderAsReader(<DeleteAccountForm />, signedInSession(me), queryClient, {
    path: '/accounts/delete',
  });
  return { user, ...rendered };
}

describe('DeleteAccountForm', () => {
  it('warns that it cannot be undone and points to Download your data', () => {
    renderForm();
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('This cannot be undone.');
    expect(note).toHaveTextContent('Download your data first');
    expect(password()).toHaveAttribute('type', 'password');
    expect(password()).toHaveAttribute('autocomplete', 'current-password');
  });

  it('needs the password: nothing is sent without it, not even with Enter', async () => {
    const fetchMock = mockApi({ 'DELETE /api/me': new Response(null, { status: 204 }) });
    const { user } = renderForm();
    expect(deleteButton()).toBeDisabled();
    await user.type(password(), '{Enter}');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(password(), 's');
    expect(deleteButton()).toBeEnabled();
  });

  it("shows the server's refusal under the password and stays on the page", async () => {
    mockApi({
      'DELETE /api/me': json(
        {
          error: {
            code: 'validation_error',
            message: 'Password is incorrect',
            fields: { password: 'Password is incorrect' },
          },
        },
        400,
      ),
    });
    const { user, location, queryClient } = renderForm();
    await user.type(password(), 'wrong');
    await user.click(deleteButton());
    await waitFor(() => expect(messageUnder()).toHaveTextContent('Password is incorrect'));
    expect(password()).toHaveValue('wrong');
    expect(deleteButton()).toBeEnabled();
    expect(location.current?.pathname).toBe('/accounts/delete');
    expect(queryClient.getQueryData<SessionResponse>(queryKeys.session)?.user).not.toBeNull();
  });

  it('shows a failure without fields under the password too', async () => {
    mockApi({ 'DELETE /api/me': apiError(429, 'rate_limited', messages.rateLimited) });
    const { user } = renderForm();
    await user.type(password(), 'secret');
    await user.click(deleteButton());
    await waitFor(() => expect(messageUnder()).toHaveTextContent(messages.rateLimited));
  });

  it('sends the password, then signs out, forgets every cached thing and goes home', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi({ 'DELETE /api/me': () => answer.promise });
    const { user, location, queryClient } = renderForm();
    await user.type(password(), 'secret');
    await user.click(deleteButton());

    expect(sentJson(fetchMock, 'DELETE', '/api/me')).toEqual({ password: 'secret' });
    expect(deleteButton()).toBeDisabled();

    answer.resolve(new Response(null, { status: 204 }));
    await waitFor(() => expect(location.current?.pathname).toBe('/'));
    expect(queryClient.getQueryData(queryKeys.session)).toEqual({ user: null, profile: null });
    expect(queryClient.getQueryData(queryKeys.profileByUsername('alice'))).toBeUndefined();
    expect(callsTo(fetchMock, 'DELETE', '/api/me')).toHaveLength(1);
  });
});
