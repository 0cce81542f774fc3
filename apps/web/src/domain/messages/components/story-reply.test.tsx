import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderWithQuery } from '@/testing/render';
import { StoryReply } from './story-reply';

const ben = {
  id: 'u1',
  username: 'ben',
  full_name: 'Ben',
  avatar_url: null,
  is_verified: false,
  followed_by_me: true,
  is_remote: false,
};
const conversation = {
  id: 'c1',
  participants: [ben],
  is_group: false,
  name: null,
  last_message: null,
  unread_count: 0,
  is_request: false,
  muted: false,
  updated_at: '2026-03-01T11:00:00.000Z',
};
const message = {
  id: 'm1',
  sender: ben,
  text: 'lovely',
  images: [],
  shared_post: null,
  story: { id: 's9', thumbnail_url: '/storage/s9-320w.webp', available: true },
  created_at: '2026-03-01T11:00:00.000Z',
  seen_by: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StoryReply', () => {
  it('sends the reply to the author with the story named, pausing it while typing', async () => {
    const fetchMock = mockApi({
      'POST /api/conversations': conversation,
      'POST /api/conversations/c1/messages': message,
    });
    const active = vi.fn();
    renderWithQuery(
      <StoryReply author={{ id: 'u1', username: 'ben' }} storyId="s9" onActiveChange={active} />,
    );
    const box = screen.getByRole('textbox', { name: 'Reply to ben' });
    await userEvent.type(box, 'lovely{Enter}');
    expect(active).toHaveBeenCalledWith(true);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/conversations/c1/messages')).toHaveLength(1),
    );
    const [, start] = callsTo(fetchMock, 'POST', '/api/conversations')[0]!;
    expect(JSON.parse(start?.body as string)).toEqual({ participant_ids: ['u1'] });
    const [, sent] = callsTo(fetchMock, 'POST', '/api/conversations/c1/messages')[0]!;
    // The story by its id, not an address pasted into the text.
    expect(JSON.parse(sent?.body as string)).toEqual({ text: 'lovely', story_id: 's9' });
    expect(await screen.findByRole('status')).toHaveTextContent('Sent');
  });

  it('suggests people after @ as the message box does; Enter inserts instead of sending', async () => {
    const fetchMock = mockApi({
      'GET /api/search': {
        profiles: [{ ...ben, username: 'alice', full_name: 'Alice' }],
        hashtags: [],
      },
    });
    renderWithQuery(
      <StoryReply author={{ id: 'u1', username: 'ben' }} storyId="s9" onActiveChange={() => {}} />,
    );
    const box = screen.getByRole('textbox', { name: 'Reply to ben' });
    await userEvent.type(box, 'ask @al');
    await screen.findByRole('option', { name: /alice/ });
    await userEvent.keyboard('{Enter}');
    expect(box).toHaveValue('ask @alice ');
    expect(callsTo(fetchMock, 'POST', '/api/conversations')).toHaveLength(0);
  });

  it('is not offered for a story from another server', () => {
    renderWithQuery(
      <StoryReply
        author={{ id: 'r1', username: 'zoe@elsewhere.example' }}
        storyId="s1"
        onActiveChange={() => {}}
      />,
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
