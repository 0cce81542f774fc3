import type { Conversation, Message, ProfileSummary } from '@pinhole/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderWithQuery } from '@/testing/render';
import { Inbox } from './inbox';

const person = (id: string): ProfileSummary => ({
  id,
  username: id,
  full_name: id.toUpperCase(),
  avatar_url: null,
  is_verified: false,
  followed_by_me: true,
  is_remote: false,
});

const message = (id: string, sender: string, text: string, at: string): Message => ({
  id,
  sender: person(sender),
  text,
  images: [],
  shared_post: null,
  story: null,
  created_at: at,
  seen_by: [],
});

const conversation: Conversation = {
  id: 'c1',
  participants: [person('ben')],
  is_group: false,
  name: null,
  last_message: message('m2', 'ben', 'how are you?', '2026-03-01T11:00:00.000Z'),
  unread_count: 1,
  is_request: false,
  muted: false,
  updated_at: '2026-03-01T11:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Inbox', () => {
  it('lists conversations and shows the open thread oldest first', async () => {
    mockApi({
      'GET /api/conversations': { conversations: [conversation], next_cursor: null },
      'GET /api/conversations/c1/messages': {
        messages: [
          message('m2', 'ben', 'how are you?', '2026-03-01T11:00:00.000Z'),
          message('m1', 'ann', 'hi Ben', '2026-03-01T10:00:00.000Z'),
        ],
        next_cursor: null,
      },
      'POST /api/conversations/c1/read': new Response(null, { status: 204 }),
    });
    renderWithQuery(<Inbox viewerId="ann" folder="inbox" openId="c1" />);
    expect(await screen.findByRole('link', { name: /ben/ })).toBeInTheDocument();
    const bubbles = await screen.findAllByText(/hi Ben|how are you\?/, { selector: 'p' });
    expect(bubbles.map((bubble) => bubble.textContent)).toEqual(['hi Ben', 'how are you?']);
  });

  it('sends with Enter and makes a new line with Shift+Enter', async () => {
    const fetchMock = mockApi({
      'GET /api/conversations': { conversations: [conversation], next_cursor: null },
      'GET /api/conversations/c1/messages': { messages: [], next_cursor: null },
      'POST /api/conversations/c1/messages': ({ body }: { body: unknown }) =>
        new Response(
          JSON.stringify(
            message('m3', 'ann', (body as { text: string }).text, '2026-03-01T12:00:00.000Z'),
          ),
          { status: 201, headers: { 'content-type': 'application/json' } },
        ),
    });
    renderWithQuery(<Inbox viewerId="ann" folder="inbox" openId="c1" />);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(callsTo(fetchMock, 'POST', '/api/conversations/c1/messages')).toHaveLength(0);
    await userEvent.type(box, '{Enter}');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/conversations/c1/messages')).toHaveLength(1),
    );
    const [, init] = callsTo(fetchMock, 'POST', '/api/conversations/c1/messages')[0]!;
    expect(JSON.parse(init?.body as string)).toEqual({ text: 'line one\nline two' });
    expect(box).toHaveValue('');
  });

  it('says when the requests folder is empty', async () => {
    mockApi({ 'GET /api/conversations': { conversations: [], next_cursor: null } });
    renderWithQuery(<Inbox viewerId="ann" folder="requests" openId={null} />);
    expect(await screen.findByText('No message requests.')).toBeInTheDocument();
  });
});
