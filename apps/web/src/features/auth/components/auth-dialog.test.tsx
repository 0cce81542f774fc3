import { limits, messages } from '@pinhole/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { makeProfile, signedInSession } from '@/testing/factories';
import { apiError, callsTo, deferred, json, mockApi, sentJson } from '@/testing/mock-api';
import { renderWithApp } from '@/testing/render';
import { AuthDialog } from './auth-dialog';

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <p>{open ? 'dialog open' : 'dialog closed'}</p>
      <AuthDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

async function setup(routes: Record<string, unknown> = {}) {
  const fetchMock = mockApi({ 'GET /api/auth/session': { user: null, profile: null }, ...routes });
  const user = userEvent.setup();
  renderWithApp(<Harness />);
  const dialog = await screen.findByRole('dialog');
  return { user, dialog, fetchMock };
}

const submitButton = (name: string | RegExp = /^(Sign In|Sign Up|Please wait\.\.\.)$/) =>
  screen.getByRole('button', { name });

async function fill(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value !== '') {
    await user.click(input);
    await user.paste(value);
  }
}

describe('AuthDialog', () => {
  it('opens on the Sign In tab with only Email and Password', async () => {
    const { dialog } = await setup();
    expect(within(dialog).getByRole('tab', { name: 'Sign In' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByRole('tab', { name: 'Sign Up' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Sign In');
    expect(dialog).toHaveTextContent("Don't have an account? Sign up");
  });

  it('shows Full Name, Username, Email and Password on the Sign Up tab', async () => {
    const { user, dialog } = await setup();
    await user.click(within(dialog).getByRole('tab', { name: 'Sign Up' }));
    for (const label of ['Full Name', 'Username', 'Email', 'Password']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(submitButton()).toHaveTextContent('Sign Up');
    expect(dialog).toHaveTextContent('Already have an account? Sign in');
  });

  it('switches modes with the links', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Full Name')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const { user } = await setup();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('forces the username to lowercase as it is typed', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await user.type(screen.getByLabelText('Username'), 'AliCE_W');
    expect(screen.getByLabelText('Username')).toHaveValue('alice_w');
  });

  it('reads Please wait... while busy, then closes and resets on success', async () => {
    const answer = deferred<Response>();
    const { user, fetchMock } = await setup({ 'POST /api/auth/sign-in': () => answer.promise });
    await fill(user, 'Email', 'Alice@Example.com');
    await fill(user, 'Password', 'secret1');
    await user.click(submitButton('Sign In'));

    expect(submitButton()).toHaveTextContent('Please wait...');
    expect(submitButton()).toBeDisabled();
    // Sent once the sign-in module has loaded (a lazy import), while the dialog stays busy.
    await waitFor(() =>
      expect(sentJson(fetchMock, 'POST', '/api/auth/sign-in')).toEqual({
        email: 'alice@example.com',
        password: 'secret1',
      }),
    );
    expect(submitButton()).toHaveTextContent('Please wait...');

    answer.resolve(
      json({ ...signedInSession(makeProfile()), session: { token: 't', expires_at: 'x' } }),
    );
    expect(await screen.findByText('dialog closed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'reopen' }));
    expect(await screen.findByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('signs in with a username typed where the email goes, as the placeholder says', async () => {
    const { user, fetchMock } = await setup({
      'POST /api/auth/sign-in': json({
        ...signedInSession(makeProfile()),
        session: { token: 't', expires_at: 'x' },
      }),
    });
    expect(screen.getByLabelText('Email')).toHaveAttribute('placeholder', 'Email or username');
    await fill(user, 'Email', 'Alice_W');
    await fill(user, 'Password', 'secret1');
    await user.click(submitButton('Sign In'));
    expect(await screen.findByText('dialog closed')).toBeInTheDocument();
    expect(sentJson(fetchMock, 'POST', '/api/auth/sign-in')).toEqual({
      email: 'alice_w',
      password: 'secret1',
    });
  });

  it('signs up with the four fields', async () => {
    const { user, fetchMock } = await setup({
      'POST /api/auth/sign-up': json(
        { ...signedInSession(makeProfile()), session: { token: 't', expires_at: 'x' } },
        201,
      ),
    });
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await fill(user, 'Full Name', 'Alice Liddell');
    await user.type(screen.getByLabelText('Username'), 'Alice');
    await fill(user, 'Email', 'alice@example.com');
    await fill(user, 'Password', 'secret1');
    await user.click(submitButton('Sign Up'));
    expect(await screen.findByText('dialog closed')).toBeInTheDocument();
    expect(sentJson(fetchMock, 'POST', '/api/auth/sign-up')).toEqual({
      full_name: 'Alice Liddell',
      username: 'alice',
      email: 'alice@example.com',
      password: 'secret1',
    });
  });

  it("shows the server's message in a red box and re-enables the button", async () => {
    const { user, dialog } = await setup({
      'POST /api/auth/sign-in': apiError(400, 'invalid_credentials', messages.invalidCredentials),
    });
    await fill(user, 'Email', 'alice@example.com');
    await fill(user, 'Password', 'wrong-password');
    await user.click(submitButton('Sign In'));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Invalid login credentials');
    expect(alert.className).toMatch(/red/);
    expect(submitButton('Sign In')).toBeEnabled();
    expect(screen.getByText('dialog open')).toBeInTheDocument();
  });

  it('clears the error when the tab is switched', async () => {
    const { user } = await setup();
    await user.click(submitButton('Sign In'));
    expect(screen.getByRole('alert')).toHaveTextContent('Email is required');
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(submitButton('Sign Up'));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  const validSignUp = {
    'Full Name': 'Alice Liddell',
    Username: 'alice',
    Email: 'alice@example.com',
    Password: 'secret1',
  };

  it.each([
    ['Full Name', '', 'Full Name is required'],
    [
      'Full Name',
      'x'.repeat(limits.fullNameMaxLength + 1),
      `Full Name must be at most ${limits.fullNameMaxLength} characters`,
    ],
    ['Full Name', 'Ali\u200bce', 'Full Name contains invalid characters'],
    ['Username', '', 'Username is required'],
    [
      'Username',
      'alice liddell!',
      'Username may only contain letters, numbers, periods and underscores',
    ],
    [
      'Username',
      'a'.repeat(limits.usernameMaxLength + 1),
      `Username must be at most ${limits.usernameMaxLength} characters`,
    ],
    ['Email', '', 'Email is required'],
    ['Email', 'not-an-email', 'Please enter a valid email address'],
    ['Password', '', 'Password is required'],
    ['Password', '12345', `Password must be at least ${limits.passwordMinLength} characters`],
    [
      'Password',
      'p'.repeat(limits.passwordMaxLength + 1),
      `Password must be at most ${limits.passwordMaxLength} characters`,
    ],
  ] as const)('sign up: %s %j shows "%s" and sends nothing', async (field, value, message) => {
    const { user, fetchMock } = await setup();
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    for (const [label, good] of Object.entries(validSignUp)) {
      await fill(user, label, label === field ? value : good);
    }
    await user.click(submitButton('Sign Up'));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(callsTo(fetchMock, 'POST', '/api/auth/sign-up')).toHaveLength(0);
  });

  it.each([
    ['Email', '', 'Email is required'],
    ['Email', `${'e'.repeat(limits.emailMaxLength)}@x.io`, 'Email is too long'],
    ['Password', '', 'Password is required'],
    [
      'Password',
      'p'.repeat(limits.passwordMaxLength + 1),
      `Password must be at most ${limits.passwordMaxLength} characters`,
    ],
  ] as const)('sign in: %s %j shows "%s" and sends nothing', async (field, value, message) => {
    const { user, fetchMock } = await setup();
    const valid = { Email: 'alice@example.com', Password: 'secret1' };
    for (const [label, good] of Object.entries(valid)) {
      await fill(user, label, label === field ? value : good);
    }
    await user.click(submitButton('Sign In'));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(callsTo(fetchMock, 'POST', '/api/auth/sign-in')).toHaveLength(0);
  });

  it('resets to Sign In with empty fields when closed with Escape', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await fill(user, 'Full Name', 'Alice');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'reopen' }));
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
  });
});
