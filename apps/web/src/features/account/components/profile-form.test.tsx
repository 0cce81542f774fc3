import { messages, type Profile, type SessionResponse } from '@pinhole/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { makeProfile, signedInSession } from '@/testing/factories';
import { apiError, callsTo, deferred, json, mockApi, sentJson } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { stubXhr } from '@/testing/fake-xhr';
import { pictureFile } from '@/testing/image-files';
import { ProfileForm } from './profile-form';

const me = makeProfile({
  id: 'me',
  username: 'alice',
  full_name: 'Alice Liddell',
  bio: 'Down the rabbit hole',
  website: null,
});

/** The message line under a field (empty when all is well). */
const messageUnder = (label: string) =>
  screen.getByLabelText(label).parentElement!.lastElementChild;

/** What the alerts say (the photo's alert line is always there, empty until it has news). */
const alerts = () =>
  screen
    .queryAllByRole('alert')
    .map((alert) => alert.textContent)
    .filter(Boolean);

function renderForm(profile: Profile = me) {
  const user = userEvent.setup();
  const { queryClient } = renderAsReader(
    <ProfileForm profile={profile} />,
    signedInSession(profile),
  );
  return { user, queryClient };
}

/** A 400 or 409 naming the fields it refuses, as the server sends. */
const fieldErrors = (status: number, code: string, fields: Record<string, string>) =>
  json({ error: { code, message: Object.values(fields)[0], fields } }, status);

describe('ProfileForm', () => {
  it('saves a picked photo with the rest on Submit, then says Profile saved. (issue 47)', async () => {
    const requests = stubXhr();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:beach');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const fetchMock = mockApi({ 'PATCH /api/profiles/me': json(me) });
    const { user } = renderForm();
    // A picture's bytes: the picker checks them (issue 47), and one 'x' is not a picture.
    const file = pictureFile('beach.jpg');
    await user.upload(screen.getByLabelText('Choose a profile photo'), file);
    await screen.findByRole('img', { name: 'New profile photo, cut to its centre square' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    // The photo first, then the fields; "Profile saved." only once both are.
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.method).toBe('PUT');
    expect(requests[0]!.url).toBe('/api/profiles/me/avatar');
    expect(requests[0]!.formEntries()).toEqual([['image', file]]);
    expect(screen.getByRole('status')).toHaveTextContent('');
    requests[0]!.respond(200, { ...me, avatar_url: '/storage/avatar.webp' });
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/profiles/me')).toHaveLength(1));
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    expect(
      screen.queryByRole('img', { name: 'New profile photo, cut to its centre square' }),
    ).not.toBeInTheDocument();
  });

  it('starts from the profile, with the photo section and a bio counter', async () => {
    const { user } = renderForm();
    expect(screen.getByLabelText('Name')).toHaveValue('Alice Liddell');
    expect(screen.getByLabelText('Username')).toHaveValue('alice');
    expect(screen.getByLabelText('Website')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Change photo' })).toBeInTheDocument();
    // No photo yet: nothing to remove.
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();

    const bio = screen.getByLabelText('Bio');
    expect(bio).toHaveValue('Down the rabbit hole');
    expect(bio).toHaveAccessibleDescription('20 / 150');
    await user.type(bio, '!!');
    expect(bio).toHaveAccessibleDescription('22 / 150');
  });

  it('saves every field, says Profile saved. until the form changes again, and updates the session', async () => {
    const saved = makeProfile({
      ...me,
      full_name: 'Alice L.',
      username: 'alice.l',
      bio: 'Curiouser',
      website: 'https://alice.example',
    });
    const answer = deferred<Response>();
    const fetchMock = mockApi({ 'PATCH /api/profiles/me': () => answer.promise });
    const { user, queryClient } = renderForm();

    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Alice L.');
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'alice.l');
    await user.clear(screen.getByLabelText('Bio'));
    await user.type(screen.getByLabelText('Bio'), 'Curiouser');
    await user.type(screen.getByLabelText('Website'), 'https://alice.example');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(sentJson(fetchMock, 'PATCH', '/api/profiles/me')).toEqual({
      full_name: 'Alice L.',
      username: 'alice.l',
      bio: 'Curiouser',
      website: 'https://alice.example',
    });
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();

    answer.resolve(json(saved));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Profile saved.'));
    expect(queryClient.getQueryData<SessionResponse>(queryKeys.session)?.profile).toEqual(saved);

    await user.type(screen.getByLabelText('Bio'), '!');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('reads a website typed without https:// as https, as the server stores it', async () => {
    const fetchMock = mockApi({
      'PATCH /api/profiles/me': json(makeProfile({ ...me, website: 'https://nora.example.com' })),
    });
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Website'), 'nora.example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText('Website')).toHaveValue('https://nora.example.com');
    expect(sentJson(fetchMock, 'PATCH', '/api/profiles/me')).toMatchObject({
      website: 'https://nora.example.com',
    });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Profile saved.'));
  });

  it("shows the server's field errors under their fields, not as a general alert", async () => {
    const refusals = [
      fieldErrors(400, 'validation_error', { website: 'Website must be an http or https URL' }),
      fieldErrors(409, 'conflict', { username: messages.usernameTaken }),
    ];
    mockApi({ 'PATCH /api/profiles/me': () => refusals.shift() });
    const { user } = renderForm();

    await user.type(screen.getByLabelText('Website'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(messageUnder('Website')).toHaveTextContent('Website must be an http or https URL'),
    );
    expect(messageUnder('Name')).toBeEmptyDOMElement();
    expect(messageUnder('Username')).toBeEmptyDOMElement();
    expect(alerts()).toEqual([]);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    // Someone took the name between the check and the save: the server says so.
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(messageUnder('Username')).toHaveTextContent(messages.usernameTaken));
    expect(messageUnder('Website')).toBeEmptyDOMElement();

    // The refusal was about that name: another one typed since is the check's to judge.
    await user.type(screen.getByLabelText('Username'), '2');
    expect(messageUnder('Username')).toBeEmptyDOMElement();
  });

  it('shows a failure without fields as an alert', async () => {
    mockApi({ 'PATCH /api/profiles/me': apiError(503, 'unavailable', messages.unavailable) });
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(alerts()).toEqual([messages.unavailable]));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it("shows the username check's problem under Username and will not submit", async () => {
    const fetchMock = mockApi({
      'GET /api/profiles/by-username/bob': json(makeProfile({ id: 'bob', username: 'bob' })),
    });
    const { user } = renderForm();
    const username = screen.getByLabelText('Username');
    const submit = screen.getByRole('button', { name: 'Submit' });

    await user.clear(username);
    await user.type(username, 'stories');
    expect(messageUnder('Username')).toHaveTextContent(messages.usernameUnavailable);
    expect(submit).toBeDisabled();
    // Enter in a field does not get round the disabled button.
    await user.type(screen.getByLabelText('Name'), '{Enter}');

    await user.clear(username);
    await user.type(username, 'bob');
    await waitFor(() => expect(messageUnder('Username')).toHaveTextContent(messages.usernameTaken));
    expect(submit).toBeDisabled();

    await user.clear(username);
    await user.type(username, 'alice');
    expect(messageUnder('Username')).toBeEmptyDOMElement();
    expect(submit).toBeEnabled();
    expect(callsTo(fetchMock, 'PATCH', '/api/profiles/me')).toHaveLength(0);
  });

  it('offers Remove beside Change photo when there is a photo', () => {
    renderForm(makeProfile({ ...me, avatar_url: '/storage/avatars/me.webp' }));
    const photo = screen.getByRole('button', { name: 'Change photo' }).parentElement!;
    expect(within(photo).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });
});
