import { limits, messages } from '@pinhole/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { pictureFile } from '@/testing/image-files';
import { makeProfile, signedInSession, signedOutSession } from '@/testing/factories';
import { stubXhr } from '@/testing/fake-xhr';
import { apiError, callsTo, json, mockApi } from '@/testing/mock-api';
import { renderAsReader } from '@/testing/render';
import { makeStory, storyPerson, tray } from '@/testing/stories';
import { clickNext } from '@/testing/studio-steps';
import { StoriesStrip } from './stories-strip';

const alice = makeProfile({ id: 'alice-id', username: 'alice' });

const bobTray = tray([makeStory('b1', 'bob', { viewed_by_me: true }), makeStory('b2', 'bob')]);
const carolTray = tray([makeStory('c1', 'carol', { viewed_by_me: true })]);

/** jsdom lays nothing out: every box is given a phone's width and twice as much to scroll. */
function overflowing(): () => void {
  const sizes = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(780);
  const widths = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390);
  return () => {
    sizes.mockRestore();
    widths.mockRestore();
  };
}

const strip = () => screen.getByRole('region', { name: 'Stories' });
const tile = (name: string) => within(strip()).getByRole('link', { name: new RegExp(name) });

describe('StoriesStrip', () => {
  it('with nobody’s stories shows only Your story, with its plus badge, and no end arrow', async () => {
    const fetchMock = mockApi({ 'GET /api/stories': { trays: [] } });
    renderAsReader(<StoriesStrip />, signedInSession(alice));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/stories')).toHaveLength(1));
    const tiles = within(strip()).getAllByRole('listitem');
    expect(tiles).toHaveLength(1);
    expect(tiles[0]).toHaveTextContent('Your story');
    expect(within(tiles[0]!).getByTestId('your-story-plus')).toBeInTheDocument();
    expect(within(tiles[0]!).getByTestId('avatar-initial')).toHaveTextContent('A');
    // Nothing lies beyond the row's edge: an arrow would scroll nowhere.
    expect(screen.queryByRole('button', { name: 'More stories' })).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('story')).toHaveLength(0);
  });

  it('shows the end arrow while the row holds more than it shows, and not at its end', async () => {
    const restore = overflowing();
    try {
      mockApi({ 'GET /api/stories': { trays: [bobTray, carolTray] } });
      renderAsReader(<StoriesStrip />, signedInSession(alice));
      await screen.findAllByTestId('story');
      const arrow = await screen.findByRole('button', { name: 'More stories' });
      expect(within(strip()).getAllByRole('listitem').at(-1)).toContainElement(arrow);
      // Scrolled to the end, nothing more lies beyond.
      const row = within(strip()).getByRole('list');
      row.scrollLeft = 390;
      fireEvent.scroll(row);
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: 'More stories' })).not.toBeInTheDocument(),
      );
    } finally {
      restore();
    }
  });

  it('shows each person’s tray in the server’s order: a coloured ring while unseen, grey after', async () => {
    mockApi({ 'GET /api/stories': { trays: [bobTray, carolTray] } });
    renderAsReader(<StoriesStrip />, signedInSession(alice));
    const tiles = await screen.findAllByTestId('story');
    expect(tiles).toHaveLength(2);
    expect(within(tiles[0]!).getByRole('link')).toHaveAccessibleName('Story by bob, not seen yet');
    expect(within(tiles[1]!).getByRole('link')).toHaveAccessibleName('Story by carol, seen');
    expect(tiles[0]).toHaveTextContent('bob');
    const bobRing = within(tiles[0]!).getByTestId('story-ring');
    expect(bobRing).toHaveClass('story-ring');
    expect(bobRing).not.toHaveClass('bg-line');
    expect(within(tiles[1]!).getByTestId('story-ring')).toHaveClass('bg-line');
    // A tray opens at its first story the reader has not seen; one all seen, at its first.
    expect(tile('bob')).toHaveAttribute('href', '/stories/bob/b2');
    expect(tile('carol')).toHaveAttribute('href', '/stories/carol/c1');
  });

  it('signed out, lists everyone’s trays and no Your story', async () => {
    mockApi({ 'GET /api/stories': { trays: [carolTray] } });
    renderAsReader(<StoriesStrip />, signedOutSession);
    expect(await screen.findByRole('link', { name: /carol/ })).toBeInTheDocument();
    expect(within(strip()).queryByText('Your story')).not.toBeInTheDocument();
    expect(screen.queryByTestId('your-story')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Story photo')).not.toBeInTheDocument();
  });

  it('signed out, shows no Your story before the trays arrive either (the first screen)', () => {
    mockApi({ 'GET /api/stories': () => new Promise<Response>(() => undefined) });
    renderAsReader(<StoriesStrip />, signedOutSession);
    expect(within(strip()).queryByText('Your story')).not.toBeInTheDocument();
    // Nothing at all: not even the end arrow, with nothing to scroll.
    expect(within(strip()).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('Your story opens the file picker, uploads the photo with progress, then shows it in a ring', async () => {
    const requests = stubXhr();
    const mine = makeStory('a1', 'alice', { author: storyPerson('alice') });
    let shared = false;
    const fetchMock = mockApi({
      'GET /api/stories': () => json({ trays: shared ? [tray([mine]), bobTray] : [bobTray] }),
    });
    const click = vi.spyOn(HTMLInputElement.prototype, 'click');
    const user = userEvent.setup();
    renderAsReader(<StoriesStrip />, signedInSession(alice));
    await screen.findAllByTestId('story');

    await user.click(screen.getByRole('button', { name: 'Your story' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(click.mock.contexts[0]).toBe(screen.getByLabelText('Story photo'));

    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:beach');
    const photo = pictureFile('beach.jpg');
    await user.upload(screen.getByLabelText('Story photo'), photo);
    // Crop, edit, then a preview: nothing is sent until the reader shares it.
    const preview = await screen.findByRole('dialog', { name: 'New story' });
    expect(within(preview).getByRole('button', { name: '1:1' })).toBeInTheDocument();
    await clickNext(user);
    expect(within(preview).getByRole('tab', { name: 'Filters' })).toBeInTheDocument();
    await clickNext(user);
    expect(within(preview).getByRole('img', { name: 'Your story preview' })).toHaveAttribute(
      'src',
      'blob:beach',
    );
    expect(requests).toHaveLength(0);
    await user.click(within(preview).getByRole('button', { name: 'Share to your story' }));
    const progress = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(screen.getByText('Sharing to your story...')).toBeInTheDocument();
    await waitFor(() => expect(requests).toHaveLength(1));
    const request = requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/stories');
    const entries = request.formEntries();
    expect(entries.map(([name]) => name)).toEqual(['image']);
    expect((entries[0]?.[1] as File).name).toBe('beach.jpg');

    request.progress(40, 100);
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '40'));
    shared = true;
    request.respond(201, mine);

    const yours = await screen.findByRole('link', { name: 'Your story' });
    expect(yours).toHaveAttribute('href', '/stories/alice/a1');
    expect(within(yours).getByTestId('story-ring')).toHaveClass('story-ring');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // The trays are read again from the server, which now has the story.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/stories')).toHaveLength(2));
    expect(screen.getAllByTestId('story')).toHaveLength(1);
  });

  it('takes an iPhone HEIC the browser gives no type, through the picker’s filter', async () => {
    const requests = stubXhr();
    mockApi({ 'GET /api/stories': { trays: [] } });
    const user = userEvent.setup({ applyAccept: true });
    renderAsReader(<StoriesStrip />, signedInSession(alice));
    await user.upload(
      screen.getByLabelText('Story photo'),
      pictureFile('IMG_0001.HEIC', { type: '' }),
    );
    await clickNext(user, 2);
    await user.click(await screen.findByRole('button', { name: 'Share to your story' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Cancel at the preview shares nothing', async () => {
    const requests = stubXhr();
    mockApi({ 'GET /api/stories': { trays: [] } });
    vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderAsReader(<StoriesStrip />, signedInSession(alice));
    const photo = pictureFile('beach.jpg');
    await user.upload(screen.getByLabelText('Story photo'), photo);
    const preview = await screen.findByRole('dialog', { name: 'New story' });
    await user.click(within(preview).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests).toHaveLength(0);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('checks the file first, with the create dialog’s messages, and sends nothing refused', async () => {
    const requests = stubXhr();
    mockApi({ 'GET /api/stories': { trays: [] } });
    const user = userEvent.setup({ applyAccept: false });
    renderAsReader(<StoriesStrip />, signedInSession(alice));
    const input = screen.getByLabelText('Story photo');

    await user.upload(input, new File(['text'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `notes.txt is not a picture. ${messages.notAnImage}`,
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));

    // Over 5 MB and not decodable here (jsdom draws nothing, as Chrome with a HEIC): refused.
    const huge = pictureFile('huge.png', { type: 'image/png', size: limits.maxUploadBytes + 1 });
    await user.upload(input, huge);
    expect(
      await screen.findByText(`huge.png could not be made smaller. ${messages.fileTooLarge}`),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(requests).toHaveLength(0);
  });

  it('says why the server refused the photo, until dismissed', async () => {
    const requests = stubXhr();
    mockApi({ 'GET /api/stories': { trays: [] } });
    const user = userEvent.setup();
    renderAsReader(<StoriesStrip />, signedInSession(alice));
    await user.upload(
      screen.getByLabelText('Story photo'),
      pictureFile('damaged.png', { type: 'image/png' }),
    );
    await clickNext(user, 2);
    await user.click(await screen.findByRole('button', { name: 'Share to your story' }));
    await screen.findByRole('progressbar');
    await waitFor(() => expect(requests).toHaveLength(1));
    requests[0]!.respond(400, {
      error: { code: 'invalid_image', message: messages.notAnImage },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.notAnImage);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Your story' })).toBeInTheDocument();
  });

  it('with stories of your own, Your story opens them and its plus badge adds another', async () => {
    const mine = tray([
      makeStory('a1', 'alice', { viewed_by_me: true }),
      makeStory('a2', 'alice', { viewed_by_me: true }),
    ]);
    mockApi({ 'GET /api/stories': { trays: [mine, bobTray] } });
    const click = vi.spyOn(HTMLInputElement.prototype, 'click');
    renderAsReader(<StoriesStrip />, signedInSession(alice));
    const yours = await screen.findByRole('link', { name: 'Your story' });
    expect(yours).toHaveAttribute('href', '/stories/alice/a1');
    expect(within(yours).getByTestId('story-ring')).toHaveClass('bg-line');
    // The newest story is the picture in the ring.
    expect(yours.querySelector('img')).toHaveAttribute('src', '/storage/stories/a2-320.webp');
    // Not listed a second time among the others.
    expect(screen.getAllByTestId('story')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Add to your story' }));
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('when loading the trays fails, still offers Your story', async () => {
    mockApi({ 'GET /api/stories': apiError(500, 'internal', messages.internal) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAsReader(<StoriesStrip />, signedInSession(alice));
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Your story' })).toBeInTheDocument();
    expect(screen.queryAllByTestId('story')).toHaveLength(0);
  });

  it('the end icon scrolls the strip on', async () => {
    onTestFinished(overflowing());
    mockApi({ 'GET /api/stories': { trays: [bobTray, carolTray] } });
    renderAsReader(<StoriesStrip />, signedInSession(alice));
    await screen.findAllByTestId('story');
    const list = within(strip()).getByRole('list');
    const scrollBy = vi.fn();
    Object.assign(list, { scrollBy });
    await userEvent.click(screen.getByRole('button', { name: 'More stories' }));
    expect(scrollBy).toHaveBeenCalledWith(expect.objectContaining({ left: expect.any(Number) }));
  });
});
