import { limits, messages } from '@pinhole/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pictureFile } from '@/testing/image-files';
import { describe, expect, it, vi } from 'vitest';
import { makePost } from '@/testing/factories';
import { stubXhr } from '@/testing/fake-xhr';
import { renderWithQuery } from '@/testing/render';
import { toCaptionStep } from '@/testing/studio-steps';
import { CreatePostDialog } from './create-post-dialog';

const photo = (name: string) => pictureFile(name);
const photos = (count: number) => Array.from({ length: count }, (_, i) => photo(`p${i + 1}.jpg`));

function setup() {
  const requests = stubXhr();
  const onCreated = vi.fn();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => `blob:${(file as File).name}`);
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  const user = userEvent.setup();
  renderWithQuery(<CreatePostDialog open onOpenChange={() => {}} onCreated={onCreated} />);
  const fileInput = screen.getByLabelText<HTMLInputElement>('Image file');
  return { requests, onCreated, user, fileInput, revoke };
}

/** The strip's thumbnails, in order, by the file each shows. */
const stripOrder = () =>
  within(screen.getByRole('list', { name: 'Photos' }))
    .getAllByRole('button', { name: /^Photo \d+ of \d+$/ })
    .map((tile) => tile.querySelector('img')?.getAttribute('src'));

describe('CreatePostDialog with several photos', () => {
  it('takes several files at once, shows them as a strip, and reorders them by keyboard', async () => {
    const { user, fileInput } = setup();
    expect(fileInput).toHaveAttribute('multiple');
    await user.upload(fileInput, photos(3));
    await waitFor(() =>
      expect(stripOrder()).toEqual(['blob:p1.jpg', 'blob:p2.jpg', 'blob:p3.jpg']),
    );
    expect(screen.getByRole('button', { name: 'Move photo 1 left' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 3 right' })).toBeDisabled();

    screen.getByRole('button', { name: 'Move photo 1 right' }).focus();
    await user.keyboard('{Enter}');
    expect(stripOrder()).toEqual(['blob:p2.jpg', 'blob:p1.jpg', 'blob:p3.jpg']);
    expect(screen.getByText('Photo moved to position 2 of 3')).toBeInTheDocument();
    // The focus follows the photo to its new place, so pressing again moves it on.
    expect(screen.getByRole('button', { name: 'Move photo 2 right' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(stripOrder()).toEqual(['blob:p2.jpg', 'blob:p3.jpg', 'blob:p1.jpg']);
    // At the end its right button is gone: the focus is on its left one.
    expect(screen.getByRole('button', { name: 'Move photo 3 left' })).toHaveFocus();
  });

  it('adds more from the Add more tile and drops several at once', async () => {
    const { user, fileInput } = setup();
    fireEvent.drop(screen.getByRole('button', { name: /Click to select an image/ }), {
      dataTransfer: { files: photos(2) },
    });
    await waitFor(() => expect(stripOrder()).toHaveLength(2));
    const click = vi.spyOn(fileInput, 'click');
    await user.click(screen.getByRole('button', { name: 'Add more' }));
    expect(click).toHaveBeenCalled();
    await user.upload(fileInput, [photo('extra.jpg')]);
    await waitFor(() => expect(stripOrder()).toHaveLength(3));
    expect(stripOrder()).toEqual(['blob:p1.jpg', 'blob:p2.jpg', 'blob:extra.jpg']);
    // The newest photo is the one shown large.
    expect(screen.getByRole('img', { name: 'Selected image preview' })).toHaveAttribute(
      'src',
      'blob:extra.jpg',
    );
  });

  it('refuses an eleventh photo with its message and keeps the first ten', async () => {
    const { user, fileInput } = setup();
    await user.upload(fileInput, photos(limits.maxPostImages + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('A post can have at most 10 photos');
    expect(messages.tooManyPhotos).toBe('A post can have at most 10 photos');
    expect(stripOrder()).toHaveLength(limits.maxPostImages);
    expect(stripOrder().at(-1)).toBe('blob:p10.jpg');
    expect(screen.queryByRole('button', { name: 'Add more' })).not.toBeInTheDocument();
  });

  it('removes one photo and frees its preview', async () => {
    const { user, fileInput, revoke } = setup();
    await user.upload(fileInput, photos(3));
    await user.click(await screen.findByRole('button', { name: 'Remove photo 2' }));
    expect(revoke).toHaveBeenCalledWith('blob:p2.jpg');
    expect(stripOrder()).toEqual(['blob:p1.jpg', 'blob:p3.jpg']);
    await toCaptionStep(user);
    expect(screen.getAllByRole('textbox', { name: /^Alt text for photo/ })).toHaveLength(2);
  });

  it('sends each alt text with its photo, in the order shown, then the photos', async () => {
    const { user, fileInput, requests, onCreated } = setup();
    await user.upload(fileInput, photos(3));
    await waitFor(() => expect(stripOrder()).toHaveLength(3));
    await toCaptionStep(user);
    await user.type(await screen.findByRole('textbox', { name: 'Alt text for photo 1' }), 'A boat');
    await user.type(screen.getByRole('textbox', { name: 'Alt text for photo 3' }), 'Two gulls');
    expect(screen.getByRole('textbox', { name: 'Alt text for photo 1' })).toHaveAttribute(
      'maxlength',
      String(limits.maxAltTextLength),
    );
    // Back to the photos: the third becomes the first, and its alt text goes with it.
    for (let step = 0; step < 3; step++)
      await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Move photo 3 left' }));
    await user.click(screen.getByRole('button', { name: 'Move photo 2 left' }));
    await toCaptionStep(user);
    expect(screen.getByRole('textbox', { name: 'Alt text for photo 1' })).toHaveValue('Two gulls');
    await user.type(screen.getByLabelText('Caption'), 'Harbour');
    await user.click(screen.getByRole('button', { name: 'Share' }));

    const entries = requests[0]!.formEntries();
    expect(entries.map(([name]) => name)).toEqual([
      'caption',
      'alt_text',
      'alt_text',
      'alt_text',
      'image',
      'image',
      'image',
    ]);
    expect(entries.filter(([name]) => name === 'alt_text').map(([, value]) => value)).toEqual([
      'Two gulls',
      'A boat',
      '',
    ]);
    expect(
      entries.filter(([name]) => name === 'image').map(([, value]) => (value as File).name),
    ).toEqual(['p3.jpg', 'p1.jpg', 'p2.jpg']);

    requests[0]!.progress(1, 4);
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    const post = makePost();
    requests[0]!.respond(201, post);
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(post));
  });

  it('keeps the photos in place while sharing', async () => {
    const { user, fileInput } = setup();
    await user.upload(fileInput, photos(2));
    await waitFor(() => expect(stripOrder()).toHaveLength(2));
    await toCaptionStep(user);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    // No way back to the strip (where photos move and go) until the upload ends.
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Alt text for photo 2' })).toBeDisabled();
    expect(screen.getByLabelText('Caption')).toBeDisabled();
  });
});
