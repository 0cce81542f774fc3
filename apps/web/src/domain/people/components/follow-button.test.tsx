import type { Profile, ProfileSummary } from '@pinhole/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignInPromptContext } from '@/lib/auth/sign-in-prompt';
import { queryKeys } from '@/lib/query-keys';
import {
  makeProfile,
  makeSuggestion,
  signedInSession,
  signedOutSession,
} from '@/testing/factories';
import { apiError, callsTo, deferred, json, mockApi } from '@/testing/mock-api';
import { renderAsReader, testQueryClient } from '@/testing/render';
import { FollowButton } from './follow-button';

const me = makeProfile({ id: 'me', username: 'alice' });

/** Reads bob from the profile cache, as the profile page does, so optimistic changes show. */
function CachedBob() {
  const { data } = useQuery<Profile>({
    queryKey: queryKeys.profileByUsername('bob'),
    queryFn: skipToken,
  });
  if (!data) return null;
  return (
    <div>
      <span data-testid="followers">{data.followers_count}</span>
      <FollowButton person={data} />
    </div>
  );
}

function renderBob(bob: Partial<Profile> = {}, session = signedInSession(me)) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(
    queryKeys.profileByUsername('bob'),
    makeProfile({ id: 'bob-id', username: 'bob', followers_count: 4, ...bob }),
  );
  const promptSignIn = vi.fn();
  renderAsReader(
    <SignInPromptContext value={promptSignIn}>
      <CachedBob />
    </SignInPromptContext>,
    session,
    queryClient,
  );
  return { promptSignIn };
}

const followers = () => screen.getByTestId('followers');

/** A list of people read from the cache, as the suggestions and the lists of followers are. */
function CachedSuggestions() {
  const { data } = useQuery<{ profiles: ProfileSummary[] }>({
    queryKey: queryKeys.suggestions,
    queryFn: skipToken,
  });
  return data?.profiles.map((person) => <FollowButton key={person.id} person={person} />);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('FollowButton', () => {
  // The unfollow dialog is a lazy chunk; its first import under test (transforming Radix) took
  // more than a findBy waits on a busy machine. Loaded once here, as a browser has it after a visit.
  beforeAll(async () => {
    await import('./unfollow-dialog');
  });

  it('follows at once, then settles on the count the server answers', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi({ 'PUT /api/profiles/bob-id/follow': () => answer.promise });
    renderBob();
    await userEvent.click(screen.getByRole('button', { name: 'Follow bob' }));
    expect(screen.getByRole('button', { name: 'Following bob' })).toBeInTheDocument();
    expect(followers()).toHaveTextContent('5');
    answer.resolve(json({ following: true, requested: false, followers_count: 7 }));
    await waitFor(() => expect(followers()).toHaveTextContent('7'));
    expect(callsTo(fetchMock, 'PUT', '/api/profiles/bob-id/follow')).toHaveLength(1);
  });

  it('rolls the button and the count back when the server refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'PUT /api/profiles/bob-id/follow': apiError(500, 'internal', 'Something went wrong'),
    });
    renderBob();
    await userEvent.click(screen.getByRole('button', { name: 'Follow bob' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Follow bob' })).toBeInTheDocument(),
    );
    expect(followers()).toHaveTextContent('4');
    expect(console.error).toHaveBeenCalledWith('Error following', expect.anything());
  });

  it('asks a private account: Requested, and the count stays', async () => {
    mockApi({
      'PUT /api/profiles/bob-id/follow': json({
        following: false,
        requested: true,
        followers_count: 4,
      }),
      'DELETE /api/profiles/bob-id/follow': json({
        following: false,
        requested: false,
        followers_count: 4,
      }),
    });
    renderBob({ is_private: true });
    await userEvent.click(screen.getByRole('button', { name: 'Follow bob' }));
    const requested = screen.getByRole('button', { name: 'Requested bob' });
    expect(followers()).toHaveTextContent('4');
    // Requested withdraws the request.
    await userEvent.click(requested);
    expect(await screen.findByRole('button', { name: 'Follow bob' })).toBeInTheDocument();
  });

  it('asks a public person of another server too: Requested until their server accepts', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi({ 'PUT /api/profiles/bob-id/follow': () => answer.promise });
    renderBob({ is_remote: true, remote_url: 'https://photos.example/@bob' });
    await userEvent.click(screen.getByRole('button', { name: 'Follow bob' }));
    // Never "Following" for a moment: their server has not said yes.
    expect(screen.getByRole('button', { name: 'Requested bob' })).toBeInTheDocument();
    expect(followers()).toHaveTextContent('4');
    answer.resolve(json({ following: false, requested: true, followers_count: 4 }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/profiles/bob-id/follow')).toHaveLength(1),
    );
    expect(await screen.findByRole('button', { name: 'Requested bob' })).toBeInTheDocument();
  });

  it('shows Requested for someone of another server in a list, where no profile is cached', async () => {
    const answer = deferred<Response>();
    mockApi({ 'PUT /api/profiles/carol-id/follow': () => answer.promise });
    const carol = makeSuggestion({
      id: 'carol-id',
      username: 'carol@photos.example',
      is_remote: true,
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(queryKeys.suggestions, { profiles: [carol] });
    renderAsReader(<CachedSuggestions />, signedInSession(me), queryClient);
    await userEvent.click(screen.getByRole('button', { name: 'Follow carol@photos.example' }));
    expect(
      screen.getByRole('button', { name: 'Requested carol@photos.example' }),
    ).toBeInTheDocument();
    answer.resolve(json({ following: false, requested: true, followers_count: 1 }));
  });

  it('asks before unfollowing; Cancel keeps the follow, Unfollow ends it', async () => {
    const fetchMock = mockApi({
      'DELETE /api/profiles/bob-id/follow': json({
        following: false,
        requested: false,
        followers_count: 3,
      }),
    });
    renderBob({ followed_by_me: true });
    await userEvent.click(screen.getByRole('button', { name: 'Following bob' }));
    let dialog = await screen.findByRole('dialog', { name: 'Unfollow @bob?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE', '/api/profiles/bob-id/follow')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Following bob' }));
    dialog = await screen.findByRole('dialog', { name: 'Unfollow @bob?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unfollow' }));
    expect(await screen.findByRole('button', { name: 'Follow bob' })).toBeInTheDocument();
    expect(followers()).toHaveTextContent('3');
    expect(callsTo(fetchMock, 'DELETE', '/api/profiles/bob-id/follow')).toHaveLength(1);
  });

  it('signed out, opens the sign-in dialog instead', async () => {
    const fetchMock = mockApi({});
    const { promptSignIn } = renderBob({}, signedOutSession);
    await userEvent.click(screen.getByRole('button', { name: 'Follow bob' }));
    expect(promptSignIn).toHaveBeenCalledOnce();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
