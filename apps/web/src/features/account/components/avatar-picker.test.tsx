import { limits, messages, type SessionResponse } from '@pinhole/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { pictureFile } from '@/testing/image-files';
import { makeProfile, signedInSession } from '@/testing/factories';
import { stubXhr } from '@/testing/fake-xhr';
import { apiError, callsTo, deferred, json, mockApi } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { AvatarPicker } from './avatar-picker';

const avatarUrl = '/storage/user-uploads/me/avatar.webp';
const me = makeProfile({ id: 'me', username: 'alice' });
const photo = (name = 'me.jpg', type = 'image/jpeg') =>
  type.startsWith('text/') ? new File(['x'], name, { type }) : pictureFile(name, { type });
const previewName = 'New profile photo, cut to its centre square';

function setup(hasAvatar = false) {
  const requests = stubXhr();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => `blob:${(file as File).name}`);
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  // The input takes images only; a test that offers something else must get past that.
  const user = userEvent.setup({ applyAccept: false });
  const session = signedInSession(hasAvatar ? { ...me, avatar_url: avatarUrl } : me);
  const { queryClient } = renderAsReader(<AvatarPicker hasAvatar={hasAvatar} />, session);
  const fileInput = screen.getByLabelText<HTMLInputElement>('Choose a profile photo');
  const sessionProfile = () =>
    queryClient.getQueryData<SessionResponse>(queryKeys.session)?.profile;
  return { requests, revoke, user, fileInput, sessionProfile };
}

describe('AvatarPicker', () => {
  it('Change photo opens the file picker, which takes images only', async () => {
    const { user, fileInput } = setup();
    expect(fileInput).toHaveAttribute('type', 'file');
    expect(
      fileInput.accept
        .split(',')
        .every((type) => type.startsWith('image/') || /^\.hei[cf]$/.test(type)),
    ).toBe(true);
    const click = vi.spyOn(fileInput, 'click');
    await user.click(screen.getByRole('button', { name: 'Change photo' }));
    expect(click).toHaveBeenCalledOnce();
  });

  it('shows the chosen photo round before saving, and sends nothing yet', async () => {
    const { requests, user, fileInput } = setup();
    await user.upload(fileInput, photo('beach.jpg'));
    const preview = await screen.findByRole('img', { name: previewName });
    expect(preview).toHaveAttribute('src', 'blob:beach.jpg');
    expect(preview).toHaveClass('rounded-full', 'object-cover');
    expect(screen.getByRole('button', { name: 'Save photo' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Change photo' })).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('Cancel drops the preview, frees it, and sends nothing', async () => {
    const { requests, revoke, user, fileInput } = setup();
    await user.upload(fileInput, photo('beach.jpg'));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('img', { name: previewName })).not.toBeInTheDocument();
    expect(revoke).toHaveBeenCalledWith('blob:beach.jpg');
    expect(screen.getByRole('button', { name: 'Change photo' })).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('Save photo uploads the file with PUT, shows Saving…, then updates the session', async () => {
    const { requests, user, fileInput, sessionProfile } = setup();
    const file = photo('beach.jpg');
    await user.upload(fileInput, file);
    await user.click(await screen.findByRole('button', { name: 'Save photo' }));

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe('PUT');
    expect(request!.url).toBe('/api/profiles/me/avatar');
    expect(request!.formEntries()).toEqual([['image', file]]);
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();

    request!.respond(200, { ...me, avatar_url: avatarUrl });
    await waitFor(() =>
      expect(screen.queryByRole('img', { name: previewName })).not.toBeInTheDocument(),
    );
    expect(sessionProfile()?.avatar_url).toBe(avatarUrl);
  });

  it('keeps the preview and says why when the server refuses the photo', async () => {
    const { requests, user, fileInput, sessionProfile } = setup();
    await user.upload(fileInput, photo('fake.jpg'));
    await user.click(await screen.findByRole('button', { name: 'Save photo' }));
    requests[0]!.respond(415, {
      error: {
        code: 'unsupported_media_type',
        message: messages.notAnImage,
        fields: { image: messages.notAnImage },
      },
    });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(messages.notAnImage));
    expect(screen.getByRole('img', { name: previewName })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save photo' })).toBeEnabled();
    expect(sessionProfile()?.avatar_url).toBeNull();
  });

  it('takes an iPhone HEIC the browser gives no type', async () => {
    const { user, fileInput } = setup();
    expect(fileInput.accept).toContain('.heic');
    await user.upload(fileInput, photo('IMG_0001.HEIC', ''));
    expect(await screen.findByRole('button', { name: 'Save photo' })).toBeEnabled();
    expect(screen.queryByText(messages.notAnImage)).not.toBeInTheDocument();
  });

  it('refuses a file that is not an image, or over 5 MB and not shrinkable, before any preview', async () => {
    const { requests, user, fileInput } = setup();
    await user.upload(fileInput, photo('notes.txt', 'text/plain'));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        `notes.txt is not a picture. ${messages.notAnImage}`,
      ),
    );

    // jsdom decodes nothing, as Chrome a HEIC: a photo over 5 MB it cannot make smaller.
    const huge = photo('huge.jpg');
    Object.defineProperty(huge, 'size', { value: limits.maxUploadBytes + 1 });
    await user.upload(fileInput, huge);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        `huge.jpg could not be made smaller. ${messages.fileTooLarge}`,
      ),
    );

    expect(screen.queryByRole('img', { name: previewName })).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);

    // A good photo next clears the message.
    await user.upload(fileInput, photo());
    expect(await screen.findByRole('img', { name: previewName })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('offers Remove only when there is a photo', () => {
    setup(false);
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('Remove deletes the photo and updates the session', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi({ 'DELETE /api/profiles/me/avatar': () => answer.promise });
    const { user, sessionProfile } = setup(true);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(callsTo(fetchMock, 'DELETE', '/api/profiles/me/avatar')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDisabled();
    answer.resolve(json({ ...me, avatar_url: null }));
    await waitFor(() => expect(sessionProfile()?.avatar_url).toBeNull());
  });

  it('says why when removing fails', async () => {
    mockApi({
      'DELETE /api/profiles/me/avatar': apiError(503, 'unavailable', messages.unavailable),
    });
    const { user, sessionProfile } = setup(true);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(messages.unavailable));
    expect(screen.getByRole('button', { name: 'Remove' })).toBeEnabled();
    expect(sessionProfile()?.avatar_url).toBe(avatarUrl);
  });
});
