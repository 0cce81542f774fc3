import type { DomainBlock } from '@pinhole/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, json, mockApi, sentJson } from '@/testing/mock-api';
import { renderWithQuery } from '@/testing/render';
import { ServersPanel } from './servers-panel';

describe("the admin's blocked servers", () => {
  it('adds a block with its severity and reason, lists it, and removes it', async () => {
    let domains: DomainBlock[] = [];
    const fetchMock = mockApi({
      'GET /api/admin/domains': () => json({ domains }),
      'PUT /api/admin/domains/spam.example': ({
        body,
      }: {
        body: { severity: DomainBlock['severity']; reason?: string };
      }) => {
        const block = {
          domain: 'spam.example',
          severity: body.severity,
          reason: body.reason ?? null,
          created_at: '2026-11-28T05:00:00.000Z',
        };
        domains = [block];
        return json(block);
      },
      'DELETE /api/admin/domains/spam.example': () => {
        domains = [];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderWithQuery(<ServersPanel />);
    expect(await screen.findByText('No server is blocked.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Domain'), 'not a domain');
    await user.click(screen.getByRole('button', { name: 'Block server' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter a domain such as mastodon.example',
    );
    expect(callsTo(fetchMock, 'PUT', '/api/admin/domains/spam.example')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Domain'));
    await user.type(screen.getByLabelText('Domain'), ' Spam.Example ');
    await user.selectOptions(screen.getByLabelText('Severity'), 'silence');
    await user.type(screen.getByLabelText(/^Reason/), 'Bot farm');
    await user.click(screen.getByRole('button', { name: 'Block server' }));
    const listed = await screen.findByRole('list', { name: 'Blocked servers' });
    expect(within(listed).getByText('spam.example')).toBeInTheDocument();
    expect(within(listed).getByText(/Silenced · .* · Bot farm/)).toBeInTheDocument();
    expect(sentJson(fetchMock, 'PUT', '/api/admin/domains/spam.example')).toEqual({
      severity: 'silence',
      reason: 'Bot farm',
    });
    expect(screen.getByLabelText('Domain')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Remove the block of spam.example' }));
    expect(await screen.findByText('No server is blocked.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/admin/domains/spam.example')).toHaveLength(1);
  });
});
