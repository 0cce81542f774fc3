import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeProfile, signedInSession } from '@/testing/factories';
import { stubXhr } from '@/testing/fake-xhr';
import { pictureFile } from '@/testing/image-files';
import { mockApi } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { clickNext } from '@/testing/studio-steps';
import { StoriesStrip } from './stories-strip';

const alice = makeProfile({ id: 'alice-id', username: 'alice' });

describe('a story through the studio', () => {
  it('sends the crop and the look chosen, kept through Back, as the one entry of `edits`', async () => {
    const requests = stubXhr();
    mockApi({ 'GET /api/stories': { trays: [] } });
    // jsdom draws nothing: the photo reads as a 300×400 picture.
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 300, height: 400, close: () => undefined })),
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const user = userEvent.setup();
    renderAsReader(<StoriesStrip />, signedInSession(alice));
    await user.upload(screen.getByLabelText('Story photo'), pictureFile('tall.jpg'));
    const dialog = await screen.findByRole('dialog', { name: 'New story' });
    await user.click(within(dialog).getByRole('button', { name: '1:1' }));
    await clickNext(user);
    await user.click(within(dialog).getByRole('button', { name: 'Inkwell' }));
    await user.click(within(dialog).getByRole('tab', { name: 'Adjustments' }));
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: '1:1', pressed: true })).toBeInTheDocument();
    await clickNext(user, 2);
    await user.click(within(dialog).getByRole('button', { name: 'Share to your story' }));

    await waitFor(() => expect(requests).toHaveLength(1));
    const entries = requests[0]!.formEntries();
    expect(entries.map(([name]) => name)).toEqual(['edits', 'image']);
    // 300×400 at 1:1: the middle 300×300.
    expect(JSON.parse(entries[0]![1] as string)).toEqual([
      { crop: { x: 0, y: 0.125, width: 1, height: 0.75 }, filter: 'inkwell' },
    ]);
  });
});
