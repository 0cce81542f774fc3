import { limits, messages, type Post } from '@pinhole/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makePost } from '@/testing/factories';
import { stubXhr } from '@/testing/fake-xhr';
import { pictureFile } from '@/testing/image-files';
import { renderWithQuery } from '@/testing/render';
import { toCaptionStep } from '@/testing/studio-steps';
import { CreatePostDialog } from './create-post-dialog';

function Harness({ onCreated }: { onCreated: (post: Post) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <p>{open ? 'dialog open' : 'dialog closed'}</p>
      <CreatePostDialog open={open} onOpenChange={setOpen} onCreated={onCreated} />
    </>
  );
}

const photo = (size = 1024, type = 'image/png', name = 'photo.png') => {
  if (type.startsWith('text/')) {
    const file = new File(['x'], name, { type });
    Object.defineProperty(file, 'size', { value: size });
    return file;
  }
  return pictureFile(name, { type, size });
};

function setup() {
  const requests = stubXhr();
  const onCreated = vi.fn();
  const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
  const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  // The input accepts image/* only; turn that filter off to test what the dialog itself refuses.
  const user = userEvent.setup({ applyAccept: false });
  renderWithQuery(<Harness onCreated={onCreated} />);
  const fileInput = () => screen.getByLabelText<HTMLInputElement>('Image file');
  return { requests, onCreated, user, fileInput, createObjectURL, revokeObjectURL };
}

describe('CreatePostDialog', () => {
  it('starts with the dashed drop area and Next disabled', () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Create New Post' })).toBeInTheDocument();
    const dropArea = screen.getByRole('button', { name: /Click to select an image/ });
    expect(dropArea).toHaveTextContent('Click to select an image');
    expect(dropArea).toHaveTextContent('PNG, JPG, GIF up to 5MB');
    expect(dropArea.className).toMatch(/border-dashed/);
    expect(screen.queryByLabelText('Caption')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it('opens the file picker when the drop area is clicked', async () => {
    const { user, fileInput } = setup();
    const click = vi.spyOn(fileInput(), 'click');
    await user.click(screen.getByRole('button', { name: /Click to select an image/ }));
    expect(click).toHaveBeenCalled();
  });

  it('shows a preview and a remove button after choosing a file, the caption box after crop and edit', async () => {
    const { user, fileInput } = setup();
    await user.upload(fileInput(), photo());
    // The file's bytes are read before it is taken: the preview comes a moment later.
    expect(await screen.findByRole('img', { name: 'Selected image preview' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(screen.getByRole('button', { name: 'Remove image' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Caption')).not.toBeInTheDocument();
    await toCaptionStep(user);
    const caption = screen.getByLabelText('Caption');
    expect(caption.tagName).toBe('TEXTAREA');
    expect(caption).toHaveAttribute('placeholder', 'Write a caption...');
    expect(caption).toHaveAttribute('rows', '4');
    expect(caption).toHaveAttribute('maxlength', String(limits.captionMaxLength));
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
    expect(screen.queryByText('Click to select an image')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Selected image preview' })).not.toBeInTheDocument();
  });

  it('accepts a file dropped on the drop area', async () => {
    setup();
    const dropArea = screen.getByRole('button', { name: /Click to select an image/ });
    fireEvent.drop(dropArea, { dataTransfer: { files: [photo()] } });
    expect(await screen.findByRole('img', { name: 'Selected image preview' })).toBeInTheDocument();
  });

  it('goes back to the drop area when the image is removed', async () => {
    const { user, fileInput, createObjectURL, revokeObjectURL } = setup();
    const file = photo();
    await user.upload(fileInput(), file);
    expect(createObjectURL).toHaveBeenCalledWith(file);
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview');
    expect(screen.getByText('Click to select an image')).toBeInTheDocument();
    expect(screen.queryByLabelText('Caption')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('refuses a file over 5MB that cannot be made smaller, naming it', async () => {
    const { user, fileInput } = setup();
    // jsdom decodes no image, as a browser cannot decode a HEIC: nothing to shrink.
    await user.upload(fileInput(), photo(limits.maxUploadBytes + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'photo.png could not be made smaller. File size must be less than 5MB',
    );
    expect(screen.queryByRole('img', { name: 'Selected image preview' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('takes an iPhone HEIC, which browsers that cannot show it give no type', async () => {
    renderWithQuery(<Harness onCreated={vi.fn()} />);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    // The picker's own filter on: the file must get through the accept attribute too.
    const user = userEvent.setup({ applyAccept: true });
    const input = screen.getByLabelText<HTMLInputElement>('Image file');
    await user.upload(input, photo(2 * 1024 * 1024, '', 'IMG_0001.HEIC'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.upload(input, photo(1024, 'image/heif', 'IMG_0002.heif'));
    expect(await screen.findByRole('button', { name: 'Remove photo 2' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a file that is not an image', async () => {
    const { user, fileInput } = setup();
    await user.upload(fileInput(), photo(100, 'text/plain', 'notes.txt'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'notes.txt is not a picture. Please select an image file',
    );
    fireEvent.drop(screen.getByRole('button', { name: /Click to select an image/ }), {
      dataTransfer: { files: [photo(100, 'text/plain', 'a.pdf')] },
    });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^a\.pdf is not/));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.notAnImage);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('uploads caption then image, shows Sharing... and progress, then closes and reports', async () => {
    const { user, fileInput, requests, onCreated } = setup();
    const file = photo(3 * 1024 * 1024);
    await user.upload(fileInput(), file);
    await toCaptionStep(user);
    await user.type(screen.getByLabelText('Caption'), 'Golden hour');
    await user.click(screen.getByRole('button', { name: 'Share' }));

    const share = screen.getByRole('button', { name: 'Sharing...' });
    expect(share).toBeDisabled();
    expect(screen.getByLabelText('Caption')).toBeDisabled();
    const request = requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/posts');
    // Nothing was cropped or edited: no `edits` field at all.
    expect(request?.formEntries().map(([name]) => name)).toEqual(['caption', 'image']);
    expect(request?.formEntries()[0]?.[1]).toBe('Golden hour');
    expect((request?.formEntries()[1]?.[1] as File).name).toBe('photo.png');

    request?.progress(1_500_000, 3_000_000);
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );

    const post = makePost({ caption: 'Golden hour' });
    request?.respond(201, post);
    expect(await screen.findByText('dialog closed')).toBeInTheDocument();
    expect(onCreated).toHaveBeenCalledWith(post);
  });

  it('leaves out an empty caption so the server stores null', async () => {
    const { user, fileInput, requests } = setup();
    await user.upload(fileInput(), photo());
    await toCaptionStep(user);
    await user.type(screen.getByLabelText('Caption'), '   ');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(requests[0]?.formEntries().map(([name]) => name)).toEqual(['image']);
  });

  it("shows the server's error in a red box and stays open", async () => {
    const { user, fileInput, requests, onCreated } = setup();
    await user.upload(fileInput(), photo());
    await toCaptionStep(user);
    await user.type(screen.getByLabelText('Caption'), 'Kept');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    requests[0]?.respond(415, {
      error: { code: 'unsupported_media_type', message: messages.notAnImage },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please select an image file');
    expect(alert.className).toMatch(/red/);
    expect(screen.getByText('dialog open')).toBeInTheDocument();
    expect(screen.getByLabelText('Caption')).toHaveValue('Kept');
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
    // The photo is still there, a step back.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('img', { name: 'Selected image preview' })).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('resets when cancelled', async () => {
    const { user, fileInput } = setup();
    await user.upload(fileInput(), photo());
    await toCaptionStep(user);
    await user.type(screen.getByLabelText('Caption'), 'draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('dialog closed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'reopen' }));
    expect(await screen.findByText('Click to select an image')).toBeInTheDocument();
    expect(screen.queryByLabelText('Caption')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('asks "Discard post?" on Escape; Cancel keeps the draft, Discard abandons the upload', async () => {
    const { user, fileInput, requests } = setup();
    await user.upload(fileInput(), photo(100, 'image/gif', 'a.gif'));
    await toCaptionStep(user);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Discard post?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard post?' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('dialog open')).toBeInTheDocument();
    expect(requests[0]?.aborted).toBe(false);
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getByText('dialog closed')).toBeInTheDocument());
    expect(requests[0]?.aborted).toBe(true);
    await user.click(screen.getByRole('button', { name: 'reopen' }));
    expect(await screen.findByText('Click to select an image')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('closes on Escape without asking while it holds nothing', async () => {
    const { user } = setup();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByText('dialog closed')).toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Discard post?' })).not.toBeInTheDocument();
  });

  it('shows the file name when the browser cannot draw the preview', async () => {
    const { user, fileInput } = setup();
    await user.upload(fileInput(), photo(100, 'image/png', 'odd.png'));
    fireEvent.error(await screen.findByRole('img', { name: 'Selected image preview' }));
    expect(screen.queryByRole('img', { name: 'Selected image preview' })).not.toBeInTheDocument();
    expect(screen.getByText('odd.png')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});
