import { imageFileAccept, videoFileAccept, videoMessages } from '@pinhole/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { videosSkipStudio, videosWelcome } from '@/components/video/video-words';
import { makeInstance } from '@/testing/factories';
import { stubXhr } from '@/testing/fake-xhr';
import { pictureFile, videoFile } from '@/testing/image-files';
import { mockApi } from '@/testing/mock-api';
import { renderWithQuery } from '@/testing/render';
import { clickNext, toCaptionStep } from '@/testing/studio-steps';
import { CreatePostDialog } from './create-post-dialog';

function setup(video: boolean) {
  mockApi({ 'GET /api/instance': makeInstance({ video }) });
  const requests = stubXhr();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => `blob:${(file as File).name}`);
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  // What the dialog itself does with each file, whatever the input offers.
  const user = userEvent.setup({ applyAccept: false });
  renderWithQuery(<CreatePostDialog open onOpenChange={() => {}} onCreated={() => {}} />);
  const fileInput = screen.getByLabelText<HTMLInputElement>('Image file');
  return { requests, user, fileInput };
}

/** The strip's tiles, in order, by their names. */
const stripTiles = () =>
  within(screen.getByRole('list', { name: 'Photos' }))
    .getAllByRole('button', { name: /^(Photo|Video) \d+ of \d+$/ })
    .map((tile) => tile.getAttribute('aria-label'));

describe('CreatePostDialog with videos', () => {
  it('offers videos where the server takes them, keeps a mixed carousel in order, and skips the studio for its videos', async () => {
    const { user, fileInput, requests } = setup(true);
    await waitFor(() =>
      expect(fileInput).toHaveAttribute('accept', `${imageFileAccept},${videoFileAccept}`),
    );
    expect(
      await screen.findByRole('button', { name: /Click to select an image/ }),
    ).toHaveTextContent(videosWelcome);
    await user.upload(fileInput, [
      pictureFile('p1.jpg'),
      videoFile('clip.mov', 'video/quicktime'),
      pictureFile('p2.jpg'),
    ]);
    await waitFor(() =>
      expect(stripTiles()).toEqual(['Photo 1 of 3', 'Video 2 of 3', 'Photo 3 of 3']),
    );
    expect(screen.getByText(videosSkipStudio)).toBeInTheDocument();
    // The video's first frame, from the file itself.
    await user.click(screen.getByRole('button', { name: 'Video 2 of 3' }));
    const preview = screen.getByLabelText('Selected video preview');
    expect(preview.tagName).toBe('VIDEO');
    expect(preview).toHaveAttribute('src', 'blob:clip.mov#t=0.001');

    // The studio works on the two photos only.
    await clickNext(user);
    const switcher = await screen.findByRole('list', { name: 'Photos' });
    expect(
      within(switcher)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Photo 1', 'Photo 2']);
    await clickNext(user, 2);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const files = requests[0]!
      .formEntries()
      .filter(([name]) => name === 'image')
      .map(([, value]) => (value as File).name);
    expect(files).toEqual(['p1.jpg', 'clip.mov', 'p2.jpg']);
  });

  it('goes from a post of videos alone straight to its words, and back', async () => {
    const { user, fileInput } = setup(true);
    await user.upload(fileInput, [videoFile('clip.mp4')]);
    await waitFor(() => expect(stripTiles()).toEqual(['Video 1 of 1']));
    await clickNext(user);
    expect(await screen.findByLabelText('Caption')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Selected video preview')).toBeInTheDocument();
  });

  it('offers photos only where the server has no ffmpeg, and says so of a dropped video', async () => {
    const { fileInput } = setup(false);
    // Until the server has said, a video may be picked: then it is checked (below).
    await waitFor(() => expect(fileInput).toHaveAttribute('accept', imageFileAccept));
    expect(screen.queryByText(videosWelcome)).not.toBeInTheDocument();
    fireEvent.drop(screen.getByRole('button', { name: /Click to select an image/ }), {
      dataTransfer: { files: [videoFile('clip.mp4')] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(videoMessages.needsFfmpeg);
    expect(screen.queryByRole('list', { name: 'Photos' })).not.toBeInTheDocument();
  });
});

describe('the edits of a mixed carousel', () => {
  it("send one entry per file in order, a video's null", async () => {
    const { user, fileInput, requests } = setup(true);
    // jsdom draws nothing: each photo reads as a 300×400 picture.
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 300, height: 400, close: () => undefined })),
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    await user.upload(fileInput, [videoFile('clip.mp4'), pictureFile('p1.jpg')]);
    await waitFor(() => expect(stripTiles()).toEqual(['Video 1 of 2', 'Photo 2 of 2']));
    await clickNext(user);
    await user.click(await screen.findByRole('button', { name: '1:1' }));
    await clickNext(user);
    await user.click(await screen.findByRole('button', { name: 'Inkwell' }));
    await clickNext(user);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const entries = requests[0]!.formEntries();
    const edits = entries.find(([name]) => name === 'edits')?.[1];
    expect(JSON.parse(edits as string)).toEqual([
      null,
      { crop: { x: 0, y: 0.125, width: 1, height: 0.75 }, filter: 'inkwell' },
    ]);
  });
});

describe('the photo steps still', () => {
  it('go through the studio for photos alone', async () => {
    const { user, fileInput } = setup(true);
    await user.upload(fileInput, [pictureFile('p1.jpg')]);
    await waitFor(() => expect(stripTiles()).toEqual(['Photo 1 of 1']));
    expect(screen.queryByText(videosSkipStudio)).not.toBeInTheDocument();
    await toCaptionStep(user);
    expect(await screen.findByLabelText('Caption')).toBeInTheDocument();
  });
});
