import { messages, type ImportStatus } from '@pinhole/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeProfile, signedInSession } from '@/testing/factories';
import { stubXhr } from '@/testing/fake-xhr';
import { callsTo, json, mockApi } from '@/testing/mock-api';
import { renderAsReader, testQueryClient } from '@/testing/render';
import { ImportArchive } from './import-archive';

const me = makeProfile({ id: 'me', username: 'alice' });

const status = (overrides: Partial<ImportStatus>): ImportStatus => ({
  id: 'imp1',
  status: 'running',
  posts_total: 10,
  posts_done: 3,
  posts_imported: 3,
  posts_skipped: 0,
  failures: [],
  created_at: '2026-03-01T12:00:00.000Z',
  ...overrides,
});

function renderPage(path = '/accounts/import') {
  const user = userEvent.setup();
  const requests = stubXhr();
  const rendered = renderAsReader(<ImportArchive />, signedInSession(me), testQueryClient(), {
    path,
  });
  const fileInput = () => screen.getByLabelText('Archive (.zip, up to 2 GB)');
  return { user, requests, fileInput, ...rendered };
}

const zip = (name = 'instagram.zip', size?: number) => {
  const file = new File(['PK'], name, { type: 'application/zip' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('ImportArchive', () => {
  it('uploads the archive with progress, then follows the import by its address to the result', async () => {
    let polls = 0;
    const fetchMock = mockApi({
      'GET /api/me/import/imp1': () => {
        polls += 1;
        return json(
          polls === 1
            ? status({})
            : status({
                status: 'done',
                posts_done: 10,
                posts_imported: 7,
                posts_skipped: 2,
                failures: [
                  {
                    item: 'media/posts/202201/film.mp4',
                    reason: "Videos can't be imported: Pinhole shares photos",
                  },
                ],
              }),
        );
      },
    });
    const { user, requests, fileInput, location } = renderPage();
    expect(screen.getByRole('button', { name: 'Start import' })).toBeDisabled();
    const file = zip();
    await user.upload(fileInput(), file);
    expect(screen.getByText(/instagram\.zip/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start import' }));

    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.url).toBe('/api/me/import');
    expect(requests[0]!.formEntries()).toEqual([['archive', file]]);
    requests[0]!.progress(50, 100);
    expect(await screen.findByRole('progressbar', { name: 'Uploading… 50%' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );

    requests[0]!.respond(202, { id: 'imp1' });
    await waitFor(() => expect(location.current?.search).toBe('?id=imp1'));
    expect(
      await screen.findByRole('progressbar', { name: 'Importing… 3 of 10 posts' }),
    ).toHaveAttribute('aria-valuenow', '30');

    expect(
      await screen.findByRole('heading', { name: 'Import finished' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('7 posts imported')).toBeInTheDocument();
    expect(screen.getByText('2 posts were already in your account')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Not imported (1)' })).toBeInTheDocument();
    expect(screen.getByText('media/posts/202201/film.mp4')).toBeInTheDocument();
    expect(screen.getByText("Videos can't be imported: Pinhole shares photos")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your posts' })).toHaveAttribute('href', '/alice');
    // Finished: no more polling.
    const callsAtEnd = callsTo(fetchMock, 'GET', '/api/me/import/imp1').length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(callsTo(fetchMock, 'GET', '/api/me/import/imp1')).toHaveLength(callsAtEnd);

    await user.click(screen.getByRole('button', { name: 'Import another archive' }));
    expect(location.current?.search).toBe('');
    expect(screen.getByRole('button', { name: 'Start import' })).toBeDisabled();
  });

  it('says how many videos are not imported, and which', async () => {
    mockApi({
      'GET /api/me/import/imp3': json(
        status({
          id: 'imp3',
          status: 'done',
          posts_done: 10,
          failures: [
            { item: 'media/posts/a.mp4', reason: messages.videoNotImported },
            { item: 'media/posts/b.mp4', reason: messages.videoNotImported },
            { item: 'media/posts/c.mov', reason: messages.videoNotImported },
            { item: 'media/posts/gone.jpg', reason: 'Missing from the archive' },
          ],
        }),
      ),
    });
    renderPage('/accounts/import?id=imp3');
    expect(await screen.findByRole('heading', { name: 'Import finished' })).toBeInTheDocument();
    expect(
      screen.getByText('3 videos are not imported: this server has no ffmpeg'),
    ).toBeInTheDocument();
    expect(screen.getByText('media/posts/c.mov')).toBeInTheDocument();
    expect(screen.queryByText(messages.notAnImage)).not.toBeInTheDocument();
  });

  it('shows an import that stopped, with why', async () => {
    mockApi({
      'GET /api/me/import/imp2': json(
        status({
          id: 'imp2',
          status: 'failed',
          posts_total: 0,
          posts_done: 0,
          posts_imported: 0,
          failures: [{ item: 'Archive', reason: 'Not a zip archive that can be read (bad)' }],
        }),
      ),
    });
    renderPage('/accounts/import?id=imp2');
    expect(await screen.findByRole('heading', { name: 'The import stopped' })).toBeInTheDocument();
    expect(screen.getByText('0 posts imported')).toBeInTheDocument();
    expect(screen.getByText('Not a zip archive that can be read (bad)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See your posts' })).not.toBeInTheDocument();
  });

  it("says why the server refused the upload, and an unknown import's address", async () => {
    mockApi({});
    const { user, requests, fileInput } = renderPage();
    await user.upload(fileInput(), zip());
    await user.click(screen.getByRole('button', { name: 'Start import' }));
    requests[0]!.respond(409, {
      error: { code: 'conflict', message: messages.importRunning },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.importRunning);
    expect(screen.getByRole('button', { name: 'Start import' })).toBeEnabled();
  });

  it('refuses an archive of 2 GB or more before sending it', async () => {
    mockApi({});
    const { user, requests, fileInput } = renderPage();
    await user.upload(fileInput(), zip('huge.zip', 2 * 1024 ** 3));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.archiveTooLarge);
    expect(screen.getByRole('button', { name: 'Start import' })).toBeDisabled();
    expect(requests).toHaveLength(0);
  });

  it('cancels an upload under way', async () => {
    mockApi({});
    const { user, requests, fileInput } = renderPage();
    await user.upload(fileInput(), zip());
    await user.click(screen.getByRole('button', { name: 'Start import' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(requests[0]!.aborted).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Start import' })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
