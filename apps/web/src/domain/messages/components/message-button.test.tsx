import type { ProfileSummary } from '@pinhole/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { signedInSession } from '@/testing/factories';
import { MessageButton } from './message-button';
import { SharePostDialog } from './share-post-dialog';

const person = (id: string, username = id): ProfileSummary => ({
  id,
  username,
  full_name: id.toUpperCase(),
  avatar_url: null,
  is_verified: false,
  followed_by_me: false,
  is_remote: username.includes('@'),
});

const conversation = {
  id: 'c7',
  participants: [person('ben')],
  is_group: false,
  name: null,
  last_message: null,
  unread_count: 0,
  is_request: false,
  muted: false,
  updated_at: '2026-03-01T11:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MessageButton', () => {
  it('opens the conversation with a person here', async () => {
    const fetchMock = mockApi({ 'POST /api/conversations': conversation });
    const { location } = renderAsReader(
      <MessageButton person={person('ben')} />,
      signedInSession(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Message' }));
    await waitFor(() => expect(location.current?.pathname).toBe('/direct/t/c7'));
    const [, init] = callsTo(fetchMock, 'POST', '/api/conversations')[0]!;
    expect(JSON.parse(init?.body as string)).toEqual({ participant_ids: ['ben'] });
  });

  it('says messages with people on other servers are not available yet', async () => {
    const fetchMock = mockApi({});
    renderAsReader(
      <MessageButton person={person('r1', 'zoe@elsewhere.example')} />,
      signedInSession(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Message' }));
    expect(
      screen.getByText('Messages with people on other servers are not available yet.'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('SharePostDialog', () => {
  it('sends the post to the person chosen from the search', async () => {
    const fetchMock = mockApi({
      'GET /api/search': {
        profiles: [person('ben'), person('r1', 'zoe@elsewhere.example')],
        hashtags: [],
      },
      'POST /api/conversations': conversation,
      'POST /api/conversations/c7/messages': {
        id: 'm1',
        sender: person('ann'),
        text: null,
        images: [],
        shared_post: { id: 'p1', thumbnail_url: '/storage/t.webp', author: person('cat') },
        story: null,
        created_at: '2026-03-01T11:00:00.000Z',
        seen_by: [],
      },
    });
    renderAsReader(<SharePostDialog postId="p1" open onOpenChange={() => {}} />, signedInSession());
    await userEvent.type(screen.getByRole('searchbox', { name: 'To:' }), 'b');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Choose ben' }));
    expect(screen.getByRole('checkbox', { name: 'Choose zoe@elsewhere.example' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/conversations/c7/messages')).toHaveLength(1),
    );
    const [, init] = callsTo(fetchMock, 'POST', '/api/conversations/c7/messages')[0]!;
    expect(JSON.parse(init?.body as string)).toEqual({ post_id: 'p1' });
    expect(await screen.findByRole('status')).toHaveTextContent('Sent.');
  });
});
