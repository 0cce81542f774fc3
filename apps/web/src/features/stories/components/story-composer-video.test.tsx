import { imageFileAccept, videoFileAccept, videoMessages } from '@pinhole/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { videosSkipStudio } from '@/components/video/video-words';
import { makeInstance, makeProfile, signedInSession } from '@/testing/factories';
import { stubXhr } from '@/testing/fake-xhr';
import { videoFile } from '@/testing/image-files';
import { mockApi } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { StoriesStrip } from './stories-strip';

const alice = makeProfile({ id: 'alice-id', username: 'alice' });

function setup(video: boolean) {
  const requests = stubXhr();
  mockApi({ 'GET /api/stories': { trays: [] }, 'GET /api/instance': makeInstance({ video }) });
  const user = userEvent.setup({ applyAccept: false });
  renderAsReader(<StoriesStrip />, signedInSession(alice));
  const picker = screen.getByLabelText<HTMLInputElement>('Story photo');
  // The reader comes near the strip: whether videos are taken is asked then.
  fireEvent.pointerOver(screen.getByRole('region', { name: 'Stories' }));
  return { requests, user, picker };
}

describe('a video story from the strip', () => {
  it('is offered where the server takes videos, shown as it is, and sent as the one file', async () => {
    const { requests, user, picker } = setup(true);
    await waitFor(() =>
      expect(picker).toHaveAttribute('accept', `${imageFileAccept},${videoFileAccept}`),
    );
    await user.upload(picker, videoFile('clip.webm', 'video/webm'));
    const dialog = await screen.findByRole('dialog', { name: 'New story' });
    expect(within(dialog).getByLabelText('Your story preview').tagName).toBe('VIDEO');
    expect(within(dialog).getByText(videosSkipStudio)).toBeInTheDocument();
    // No crop, no filters: straight to sharing.
    expect(within(dialog).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Share to your story' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const entries = requests[0]!.formEntries();
    expect(entries.map(([name]) => name)).toEqual(['image']);
    expect((entries[0]![1] as File).name).toBe('clip.webm');
  });

  it('is not offered where the server has no ffmpeg, and a picked one says why', async () => {
    const { requests, user, picker } = setup(false);
    await waitFor(() => expect(picker).toHaveAttribute('accept', imageFileAccept));
    await user.upload(picker, videoFile('clip.mp4'));
    expect(await screen.findByRole('alert')).toHaveTextContent(videoMessages.needsFfmpeg);
    expect(requests).toHaveLength(0);
  });
});
