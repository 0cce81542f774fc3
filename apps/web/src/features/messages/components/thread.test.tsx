import type { Conversation, Message, ProfileSummary } from '@pinhole/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pictureFile } from '@/testing/image-files';
import { stubXhr } from '@/testing/fake-xhr';
import { callsTo, json, mockApi } from '@/testing/mock-api';
import { renderWithQuery } from '@/testing/render';
import { formatDateTime } from '@/lib/date-format';
import { Inbox } from './inbox';

const person = (id: string): ProfileSummary => ({
  id,
  username: id,
  full_name: id.toUpperCase(),
  avatar_url: null,
  is_verified: false,
  followed_by_me: false,
  is_remote: false,
});

const message = (id: string, sender: string, extra: Partial<Message> = {}): Message => ({
  id,
  sender: person(sender),
  text: null,
  images: [],
  shared_post: null,
  story: null,
  created_at: '2026-03-01T10:00:00.000Z',
  seen_by: [],
  ...extra,
});

const conversation = (extra: Partial<Conversation> = {}): Conversation => ({
  id: 'c1',
  participants: [person('ben')],
  is_group: false,
  name: null,
  last_message: null,
  unread_count: 0,
  is_request: false,
  muted: false,
  updated_at: '2026-03-01T11:00:00.000Z',
  ...extra,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Thread', () => {
  it('shows photos and a shared post as a card linking to the post', async () => {
    mockApi({
      'GET /api/conversations': { conversations: [conversation()], next_cursor: null },
      'GET /api/conversations/c1/messages': {
        messages: [
          message('m2', 'ben', {
            shared_post: { id: 'p9', thumbnail_url: '/storage/t.webp', author: person('cat') },
          }),
          message('m1', 'ben', {
            images: [
              {
                url: '/storage/a.jpg',
                width: 800,
                height: 600,
                placeholder: null,
                variants: [{ url: '/storage/a-640w.webp', width: 640, height: 480 }],
              },
            ],
          }),
        ],
        next_cursor: null,
      },
      'POST /api/conversations/c1/read': new Response(null, { status: 204 }),
    });
    renderWithQuery(<Inbox viewerId="ann" folder="inbox" openId="c1" />);
    const photo = await screen.findByRole('img', { name: 'Photo from ben' });
    expect(photo).toHaveAttribute('src', '/storage/a-640w.webp');
    const card = screen.getByRole('link', { name: /Post by cat/ });
    expect(card).toHaveAttribute('href', '/p/p9');
  });

  it('sends the chosen photos as a multipart message', async () => {
    const requests = stubXhr();
    mockApi({
      'GET /api/conversations': { conversations: [conversation()], next_cursor: null },
      'GET /api/conversations/c1/messages': { messages: [], next_cursor: null },
    });
    renderWithQuery(<Inbox viewerId="ann" folder="inbox" openId="c1" />);
    await screen.findByRole('button', { name: 'Send photos' });
    const file = pictureFile('a.jpg');
    await userEvent.upload(screen.getByLabelText('Photos to send'), [file, file]);
    await waitFor(() => expect(requests).toHaveLength(1));
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/conversations/c1/messages');
    expect(request?.formEntries().map(([name]) => name)).toEqual(['image', 'image']);
    act(() => request?.respond(201, message('m3', 'ann')));
  });

  it('sends once when Send is pressed twice before the page draws again', async () => {
    const fetchMock = mockApi({
      'GET /api/conversations': { conversations: [conversation()], next_cursor: null },
      'GET /api/conversations/c1/messages': { messages: [], next_cursor: null },
      'POST /api/conversations/c1/messages': message('m9', 'ann', { text: 'once' }),
    });
    renderWithQuery(<Inbox viewerId="ann" folder="inbox" openId="c1" />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'once');
    const send = screen.getByRole('button', { name: 'Send' });
    // Both presses in one task, as a double click reaches a busy phone: no render between.
    act(() => {
      send.click();
      send.click();
    });
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/conversations/c1/messages')).toHaveLength(1),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, 'POST', '/api/conversations/c1/messages')).toHaveLength(1);
  });

  it('answers a request with Accept, which moves it to the inbox', async () => {
    const fetchMock = mockApi({
      'GET /api/conversations': ({ url }: { url: URL }) =>
        json({
          conversations:
            url.searchParams.get('folder') === 'requests'
              ? [conversation({ is_request: true })]
              : [],
          next_cursor: null,
        }),
      'GET /api/conversations/c1/messages': {
        messages: [message('m1', 'ben', { text: 'hello' })],
        next_cursor: null,
      },
      'POST /api/conversations/c1/accept': conversation(),
      'DELETE /api/conversations/c1': new Response(null, { status: 204 }),
    });
    const { location } = renderWithQuery(<Inbox viewerId="ann" folder="requests" openId="c1" />);
    expect(await screen.findByText(/wants to send you a message/)).toBeInTheDocument();
    // Nobody is told a request was read until it is accepted.
    expect(callsTo(fetchMock, 'POST', '/api/conversations/c1/read')).toHaveLength(0);
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/conversations/c1/accept')).toHaveLength(1),
    );
    await waitFor(() => expect(location.current?.pathname).toBe('/direct/t/c1'));
  });

  it('deletes a request', async () => {
    const fetchMock = mockApi({
      'GET /api/conversations': {
        conversations: [conversation({ is_request: true })],
        next_cursor: null,
      },
      'GET /api/conversations/c1/messages': { messages: [], next_cursor: null },
      'DELETE /api/conversations/c1': new Response(null, { status: 204 }),
    });
    const { location } = renderWithQuery(<Inbox viewerId="ann" folder="requests" openId="c1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'DELETE', '/api/conversations/c1')).toHaveLength(1),
    );
    await waitFor(() => expect(location.current?.pathname).toBe('/direct/requests'));
  });

  it('loads older messages from the button and keeps them above', async () => {
    mockApi({
      'GET /api/conversations': { conversations: [conversation()], next_cursor: null },
      'GET /api/conversations/c1/messages': ({ url }: { url: URL }) =>
        json(
          url.searchParams.get('cursor')
            ? { messages: [message('m1', 'ben', { text: 'older' })], next_cursor: null }
            : { messages: [message('m2', 'ben', { text: 'newer' })], next_cursor: 'k' },
        ),
      'POST /api/conversations/c1/read': new Response(null, { status: 204 }),
    });
    renderWithQuery(<Inbox viewerId="ann" folder="inbox" openId="c1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Earlier messages' }));
    await screen.findByText('older');
    const texts = screen.getAllByText(/older|newer/).map((node) => node.textContent);
    expect(texts).toEqual(['older', 'newer']);
    expect(screen.queryByRole('button', { name: 'Earlier messages' })).not.toBeInTheDocument();
  });

  it('shows a story reply as one: its thumbnail while it lives, "Story unavailable" after', async () => {
    mockApi({
      'GET /api/conversations': { conversations: [conversation()], next_cursor: null },
      'GET /api/conversations/c1/messages': {
        messages: [
          message('m3', 'ann', {
            text: 'gone now',
            story: { id: 's2', thumbnail_url: null, available: false },
          }),
          message('m2', 'ben', {
            text: 'lovely',
            story: { id: 's1', thumbnail_url: '/storage/s1-320w.webp', available: true },
          }),
        ],
        next_cursor: null,
      },
      'POST /api/conversations/c1/read': new Response(null, { status: 204 }),
    });
    renderWithQuery(<Inbox viewerId="ann" folder="inbox" openId="c1" />);
    const thread = await screen.findByRole('region', { name: 'Conversation' });
    await within(thread).findByText('lovely');
    expect(within(thread).getByText('Replied to your story')).toBeInTheDocument();
    expect(within(thread).getByRole('img', { name: 'Story' })).toHaveAttribute(
      'src',
      '/storage/s1-320w.webp',
    );
    expect(within(thread).getByText('You replied to their story')).toBeInTheDocument();
    expect(within(thread).getByText('Story unavailable')).toBeInTheDocument();
    expect(within(thread).queryByText(/http/)).not.toBeInTheDocument();
  });

  it('keeps Unsend and Report in a menu per message, opened by its button or the keyboard', async () => {
    const fetchMock = mockApi({
      'GET /api/conversations': { conversations: [conversation()], next_cursor: null },
      'GET /api/conversations/c1/messages': {
        messages: [
          message('m2', 'ann', { text: 'mine' }),
          message('m1', 'ben', { text: 'theirs' }),
        ],
        next_cursor: null,
      },
      'POST /api/conversations/c1/read': new Response(null, { status: 204 }),
      'DELETE /api/messages/m2': new Response(null, { status: 204 }),
    });
    renderWithQuery(<Inbox viewerId="ann" folder="inbox" openId="c1" />);
    const thread = await screen.findByRole('region', { name: 'Conversation' });
    await within(thread).findByText('mine');
    // No words under the bubbles: one "…" per message.
    expect(within(thread).queryByText('Unsend')).not.toBeInTheDocument();
    expect(within(thread).queryByText('Report')).not.toBeInTheDocument();
    const [theirs, mine] = within(thread).getAllByRole('button', { name: 'Message options' });
    theirs!.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Report' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Unsend' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(mine!);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Unsend' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/messages/m2')).toHaveLength(1));
  });

  it("puts the other person's picture beside the last of each run of their messages", async () => {
    mockApi({
      'GET /api/conversations': { conversations: [conversation()], next_cursor: null },
      'GET /api/conversations/c1/messages': {
        messages: [
          message('m4', 'ben', { text: 'four', created_at: '2026-03-01T10:03:00.000Z' }),
          message('m3', 'ann', { text: 'three', created_at: '2026-03-01T10:02:00.000Z' }),
          message('m2', 'ben', { text: 'two', created_at: '2026-03-01T10:01:00.000Z' }),
          message('m1', 'ben', { text: 'one', created_at: '2026-03-01T10:00:00.000Z' }),
        ],
        next_cursor: null,
      },
      'POST /api/conversations/c1/read': new Response(null, { status: 204 }),
    });
    renderWithQuery(<Inbox viewerId="ann" folder="inbox" openId="c1" />);
    const thread = await screen.findByRole('region', { name: 'Conversation' });
    await within(thread).findByText('four');
    const rows = within(thread).getAllByRole('listitem');
    const pictures = rows.map((row) => within(row).queryAllByTestId('avatar-initial').length);
    // one, two (a run: the picture by "two"), three (mine: none), four.
    expect(pictures).toEqual([0, 1, 0, 1]);
    // The list beside the thread shows who each conversation is with, too.
    const list = screen.getByRole('navigation', { name: 'Conversations' });
    expect(within(list).getAllByTestId('avatar-initial')).toHaveLength(1);
    // The time label is the app's one date format.
    expect(
      within(thread).getByText(formatDateTime('2026-03-01T10:00:00.000Z')),
    ).toBeInTheDocument();
  });

  it('suggests people after @ in the message box; Enter then inserts instead of sending', async () => {
    const fetchMock = mockApi({
      'GET /api/conversations': { conversations: [conversation()], next_cursor: null },
      'GET /api/conversations/c1/messages': { messages: [], next_cursor: null },
      'GET /api/search': { profiles: [person('alice')], hashtags: [] },
    });
    renderWithQuery(<Inbox viewerId="ann" folder="inbox" openId="c1" />);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'ask @al');
    await screen.findByRole('option', { name: /alice/ });
    await userEvent.keyboard('{Enter}');
    expect(box).toHaveValue('ask @alice ');
    expect(callsTo(fetchMock, 'POST', '/api/conversations/c1/messages')).toHaveLength(0);
  });
});
