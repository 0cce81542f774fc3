import { reportReasonLabels } from '@pinhole/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { signedInSession } from '@/testing/factories';
import { apiError, json, mockApi, sentJson } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { ReportDialog } from './report-dialog';

function Harness({ authorUsername }: { authorUsername?: string }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'report open' : 'report closed'}</p>
      <ReportDialog
        targetType="profile"
        targetId="user-2"
        authorUsername={authorUsername}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}

describe('ReportDialog', () => {
  it('lists the reasons in order; Submit waits for one, then sends it with the note', async () => {
    const fetchMock = mockApi({ 'POST /api/reports': json({ id: 'r1' }, 201) });
    const user = userEvent.setup();
    renderAsReader(<Harness />, signedInSession());
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(
      Object.values(reportReasonLabels),
    );
    const submit = within(dialog).getByRole('button', { name: 'Submit report' });
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Bullying or harassment' }));
    await user.type(within(dialog).getByLabelText('Add a note (optional)'), '  mean words ');
    await user.click(submit);
    expect(await within(dialog).findByText('Thanks for letting us know')).toBeInTheDocument();
    expect(sentJson(fetchMock, 'POST', '/api/reports')).toEqual({
      target_type: 'profile',
      target_id: 'user-2',
      reason: 'harassment',
      note: 'mean words',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('report closed')).toBeInTheDocument();
  });

  it('is reached with the keyboard alone and sends no note when none is written', async () => {
    const fetchMock = mockApi({ 'POST /api/reports': json({ id: 'r1' }, 201) });
    const user = userEvent.setup();
    renderAsReader(<Harness />, signedInSession());
    await screen.findByRole('dialog', { name: 'Report' });
    // Focus starts inside the dialog; Tab reaches the first radio, Space picks it.
    await user.tab();
    const first = screen.getByRole('radio', { name: "It's spam" });
    await waitFor(() => expect(first).toHaveFocus());
    await user.keyboard(' ');
    expect(first).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Submit report' }));
    await screen.findByText('Thanks for letting us know');
    expect(sentJson(fetchMock, 'POST', '/api/reports')).toEqual({
      target_type: 'profile',
      target_id: 'user-2',
      reason: 'spam',
    });
  });

  it("shows the server's refusal and keeps the form", async () => {
    mockApi({ 'POST /api/reports': apiError(404, 'not_found', 'Not found') });
    const user = userEvent.setup();
    renderAsReader(<Harness />, signedInSession());
    await user.click(await screen.findByRole('radio', { name: 'Something else' }));
    await user.click(screen.getByRole('button', { name: 'Submit report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
    expect(screen.getByRole('radio', { name: 'Something else' })).toBeChecked();
  });

  it('offers to forward a report of a person of another server to it, and sends the choice', async () => {
    const fetchMock = mockApi({ 'POST /api/reports': json({ id: 'r1' }, 201) });
    const user = userEvent.setup();
    renderAsReader(<Harness authorUsername="bob@mastodon.example" />, signedInSession());
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    const forward = within(dialog).getByRole('checkbox', { name: /Forward to mastodon\.example/ });
    expect(forward).not.toBeChecked();
    await user.click(forward);
    await user.click(within(dialog).getByRole('radio', { name: "It's spam" }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit report' }));
    await within(dialog).findByText('Thanks for letting us know');
    expect(sentJson(fetchMock, 'POST', '/api/reports')).toEqual({
      target_type: 'profile',
      target_id: 'user-2',
      reason: 'spam',
      forward: true,
    });
  });

  it('offers no forwarding for a local person', async () => {
    mockApi({});
    renderAsReader(<Harness authorUsername="alice" />, signedInSession());
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });
});
