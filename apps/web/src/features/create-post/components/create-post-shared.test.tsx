import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pictureFile } from '@/testing/image-files';
import { renderWithQuery } from '@/testing/render';
import { CreatePostDialog } from './create-post-dialog';

const photo = (name: string) => pictureFile(name);

describe('CreatePostDialog with photos shared to the app', () => {
  it('starts with the shared photos, in their order', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => `blob:${(file as File).name}`);
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const shared = [photo('a.jpg'), photo('b.jpg')];
    renderWithQuery(
      <CreatePostDialog open onOpenChange={() => {}} onCreated={() => {}} initialFiles={shared} />,
    );
    const tiles = within(await screen.findByRole('list', { name: 'Photos' })).getAllByRole(
      'button',
      {
        name: /^Photo \d+ of \d+$/,
      },
    );
    expect(tiles.map((tile) => tile.querySelector('img')?.getAttribute('src'))).toEqual([
      'blob:a.jpg',
      'blob:b.jpg',
    ]);
  });
});
