import { safetyMessages } from '@pinhole/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeProfile, signedInSession } from '@/testing/factories';
import { callsTo, json, mockApi, sentJson } from '@/testing/mock-api';
import { renderWithApp } from '@/testing/render';
import { AuthDialog } from './auth-dialog';

function setup(signups: 'open' | 'invite' | 'closed') {
  const fetchMock = mockApi({
    'GET /api/auth/session': { user: null, profile: null },
    // The whole instance, as the server answers it; the form reads only `signups`.
    'GET /api/instance': {
      signups,
      name: 'Pinhole',
      description: '',
      rules: [],
      contact_email: '',
      stats: { users: 1, posts: 0 },
      mail: true,
      video: false,
    },
    'POST /api/auth/sign-up': json(
      { ...signedInSession(makeProfile()), session: { token: 't', expires_at: 'x' } },
      201,
    ),
  });
  const user = userEvent.setup();
  renderWithApp(<AuthDialog open onOpenChange={() => undefined} />);
  return { fetchMock, user };
}

async function fill(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

describe('AuthDialog and the instance sign-up mode', () => {
  it('asks the instance only once the Sign Up tab opens', async () => {
    const { fetchMock, user } = setup('open');
    const dialog = await screen.findByRole('dialog');
    expect(callsTo(fetchMock, 'GET', '/api/instance')).toHaveLength(0);
    await user.click(within(dialog).getByRole('tab', { name: 'Sign Up' }));
    await screen.findByLabelText('Full Name');
    expect(callsTo(fetchMock, 'GET', '/api/instance')).toHaveLength(1);
    expect(screen.queryByLabelText('Invite code')).not.toBeInTheDocument();
  });

  it('with invites, requires the code and sends it', async () => {
    const { fetchMock, user } = setup('invite');
    await user.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    const code = await screen.findByLabelText('Invite code');
    expect(code).toBeRequired();
    await fill(user, 'Full Name', 'Alice Liddell');
    await fill(user, 'Username', 'alice');
    await fill(user, 'Email', 'alice@example.com');
    await fill(user, 'Password', 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your invite code');
    expect(callsTo(fetchMock, 'POST', '/api/auth/sign-up')).toHaveLength(0);
    await fill(user, 'Invite code', ' WELCOME-42 ');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    // Signed up, the form starts over on Sign In.
    await screen.findByRole('heading', { name: 'Sign in to Pinhole' });
    expect(sentJson(fetchMock, 'POST', '/api/auth/sign-up')).toEqual({
      full_name: 'Alice Liddell',
      username: 'alice',
      email: 'alice@example.com',
      password: 'secret1',
      invite_code: 'WELCOME-42',
    });
  });

  it('closed: says so instead of the form; Sign In still works', async () => {
    const { user } = setup('closed');
    await user.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    expect(await screen.findByText(safetyMessages.signupsClosed)).toBeInTheDocument();
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });
});
