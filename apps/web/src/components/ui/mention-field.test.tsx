import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { callsTo, json, mockApi } from '@/testing/mock-api';
import { renderWithQuery } from '@/testing/render';
import { MentionField } from './mention-field';

const person = (username: string, full_name: string) => ({
  id: username,
  username,
  full_name,
  avatar_url: null,
  is_verified: false,
  followed_by_me: false,
  is_remote: false,
});

function searchApi() {
  return mockApi({
    'GET /api/search': ({ url }: { url: URL }) => {
      const q = url.searchParams.get('q') ?? '';
      if (q.startsWith('#'))
        return json({ profiles: [], hashtags: [{ name: 'sunset', posts_count: 3 }] });
      return json({
        profiles: [person('alice', 'Alice Liddell'), person('alfred', 'Alfred')],
        hashtags: [],
      });
    },
  });
}

function Field({ multiline = false }: { multiline?: boolean }) {
  const [value, setValue] = useState('');
  return multiline ? (
    <MentionField multiline aria-label="Caption" value={value} onValueChange={setValue} />
  ) : (
    <MentionField aria-label="Comment" value={value} onValueChange={setValue} />
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MentionField', () => {
  it('suggests people after @ and inserts the chosen one with Enter', async () => {
    const fetchMock = searchApi();
    renderWithQuery(<Field />);
    const box = screen.getByRole('textbox', { name: 'Comment' });
    await userEvent.type(box, 'hi @al');
    const list = await screen.findByRole('listbox', { name: 'People' });
    expect(box).toHaveAttribute('aria-haspopup', 'listbox');
    expect(box).toHaveAttribute('aria-controls', list.id);
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent(/alice\s*Alice Liddell/);
    expect(options[1]).toHaveTextContent(/alfred\s*Alfred/);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    // The search asked for people only.
    const [[input]] = callsTo(fetchMock, 'GET', '/api/search') as [[string]];
    expect(new URL(input, 'http://localhost').searchParams.get('q')).toBe('@al');

    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(box).toHaveValue('hi @alice ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect((box as HTMLInputElement).selectionStart).toBe('hi @alice '.length);
  });

  it('suggests hashtags after # and inserts one with Tab or a click', async () => {
    searchApi();
    renderWithQuery(<Field multiline />);
    const box = screen.getByRole('textbox', { name: 'Caption' });
    await userEvent.type(box, 'evening #su');
    await screen.findByRole('listbox', { name: 'Hashtags' });
    await userEvent.keyboard('{Tab}');
    expect(box).toHaveValue('evening #sunset ');
    await userEvent.type(box, 'and #su');
    await userEvent.click(await screen.findByRole('option', { name: /#sunset/ }));
    expect(box).toHaveValue('evening #sunset and #sunset ');
    expect(box).toHaveFocus();
  });

  it('closes the list with Escape without closing the dialog around it', async () => {
    searchApi();
    const closed = vi.fn();
    renderWithQuery(
      <Dialog open title="New post" onOpenChange={closed}>
        <Field multiline />
      </Dialog>,
    );
    const box = screen.getByRole('textbox', { name: 'Caption' });
    await userEvent.type(box, '@al');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(closed).not.toHaveBeenCalled();
    // Enter, with the list closed, is the field's own again.
    await userEvent.keyboard('{Enter}');
    expect(box).toHaveValue('@al\n');
    // A second Escape is the dialog's.
    await userEvent.keyboard('{Escape}');
    expect(closed).toHaveBeenCalledWith(false);
  });
});
