import { photoEditsSchema } from '@pinhole/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubXhr } from '@/testing/fake-xhr';
import { pictureFile } from '@/testing/image-files';
import { renderWithQuery } from '@/testing/render';
import { clickNext } from '@/testing/studio-steps';
import { CreatePostDialog } from './create-post-dialog';

/** jsdom draws nothing: each photo reads as a 400×300 picture (the studio's crops need sizes). */
function setup() {
  const requests = stubXhr();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => `blob:${(file as File).name}`);
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 400, height: 300, close: () => undefined })),
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const user = userEvent.setup();
  renderWithQuery(<CreatePostDialog open onOpenChange={vi.fn()} onCreated={vi.fn()} />);
  const fileInput = screen.getByLabelText<HTMLInputElement>('Image file');
  return { requests, user, fileInput };
}

const pressed = (name: string) => screen.getByRole('button', { name, pressed: true });
const slider = (name: string) => screen.getByRole('slider', { name });
const sentEdits = (requests: ReturnType<typeof stubXhr>) => {
  const field = requests[0]!.formEntries().find(([name]) => name === 'edits');
  return field ? (JSON.parse(field[1] as string) as unknown) : undefined;
};

describe('CreatePostDialog: crop and edit', () => {
  it('offers the aspects and a zoom, then filters named by label and six adjustments', async () => {
    const { user, fileInput } = setup();
    await user.upload(fileInput, pictureFile('a.jpg'));
    await clickNext(user);
    for (const name of ['Original', '1:1', '4:5', '1.91:1', '16:9'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(pressed('Original')).toBeInTheDocument();
    await waitFor(() => expect(slider('Zoom')).toBeEnabled());
    await clickNext(user);
    expect(screen.getByRole('tab', { name: 'Filters', selected: true })).toBeInTheDocument();
    const filterButtons = within(screen.getByRole('tabpanel')).getAllByRole('button');
    expect(filterButtons[0]).toHaveAccessibleName('Normal');
    expect(filterButtons.map((button) => button.textContent)).toContain('Clarendon');
    await user.click(screen.getByRole('tab', { name: 'Adjustments' }));
    for (const name of ['Brightness', 'Contrast', 'Saturation', 'Warmth', 'Fade', 'Vignette']) {
      expect(slider(name)).toHaveValue('0');
      expect(slider(name)).toHaveAttribute('min', '-100');
      expect(slider(name)).toHaveAttribute('max', '100');
    }
  });

  it('keeps every choice through Back and forward, and sends them as `edits`', async () => {
    const { user, fileInput, requests } = setup();
    await user.upload(fileInput, [pictureFile('a.jpg'), pictureFile('b.jpg')]);
    await clickNext(user);
    // The aspect is the post's: chosen on the first photo, it holds on the second.
    await user.click(screen.getByRole('button', { name: '1:1' }));
    await user.click(screen.getByRole('button', { name: 'Photo 2' }));
    expect(pressed('1:1')).toBeInTheDocument();
    await waitFor(() => expect(slider('Zoom')).toBeEnabled());
    fireEvent.change(slider('Zoom'), { target: { value: '2' } });
    await clickNext(user);

    // Photo 2 is still the one shown: a filter and two adjustments for it alone.
    await user.click(screen.getByRole('button', { name: 'Clarendon' }));
    await user.click(screen.getByRole('tab', { name: 'Adjustments' }));
    fireEvent.change(slider('Brightness'), { target: { value: '30' } });
    fireEvent.change(slider('Contrast'), { target: { value: '-45' } });
    fireEvent.change(slider('Fade'), { target: { value: '12' } });
    // A double click puts a slider back to 0.
    await user.dblClick(slider('Fade'));
    expect(slider('Fade')).toHaveValue('0');

    await clickNext(user);
    await user.type(screen.getByLabelText('Caption'), 'Two squares');
    // Back to crop and forward again: nothing lost.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(pressed('1:1')).toBeInTheDocument();
    expect(slider('Zoom')).toHaveValue('2');
    await user.click(screen.getByRole('button', { name: 'Photo 1' }));
    expect(slider('Zoom')).toHaveValue('1');
    await clickNext(user);
    expect(pressed('Normal')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Photo 2' }));
    expect(pressed('Clarendon')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Adjustments' }));
    expect(slider('Brightness')).toHaveValue('30');
    await clickNext(user);
    expect(screen.getByLabelText('Caption')).toHaveValue('Two squares');
    await user.click(screen.getByRole('button', { name: 'Share' }));

    expect(requests[0]!.formEntries().map(([name]) => name)).toEqual([
      'caption',
      'edits',
      'image',
      'image',
    ]);
    const edits = sentEdits(requests);
    // 400×300 at 1:1: 300×300 in the middle; photo 2 at 2×: 150×150 in the middle.
    expect(edits).toEqual([
      { crop: { x: 0.125, y: 0, width: 0.75, height: 1 } },
      {
        crop: { x: 0.3125, y: 0.25, width: 0.375, height: 0.5 },
        filter: 'clarendon',
        adjust: { brightness: 30, contrast: -45 },
      },
    ]);
    expect(photoEditsSchema.safeParse(edits).success).toBe(true);
  });

  it('sends null for the untouched photos of a post where one was edited', async () => {
    const { user, fileInput, requests } = setup();
    await user.upload(fileInput, [pictureFile('a.jpg'), pictureFile('b.jpg')]);
    await clickNext(user, 2);
    await user.click(screen.getByRole('button', { name: 'Photo 2' }));
    await user.click(screen.getByRole('button', { name: 'Moon' }));
    await clickNext(user);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(sentEdits(requests)).toEqual([null, { filter: 'moon' }]);
  });

  it('moves and zooms the crop from the keyboard, never past the picture', async () => {
    const { user, fileInput, requests } = setup();
    await user.upload(fileInput, pictureFile('a.jpg'));
    await clickNext(user);
    await user.click(screen.getByRole('button', { name: '1:1' }));
    await waitFor(() => expect(slider('Zoom')).toBeEnabled());
    screen.getByRole('group', { name: /^Crop/ }).focus();
    // The picture moves left, so the window goes right: 0.1 of its width (0.75) a press, and
    // stops at the edge (0.25 is as far as a 0.75 window goes).
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    await user.keyboard('+');
    expect(slider('Zoom')).toHaveValue('1.2');
    await clickNext(user, 2);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const [edit] = sentEdits(requests) as [
      { crop: { x: number; y: number; width: number; height: number } },
    ];
    // At 1.2×: a 0.625 × 0.8333 window around the centre it had at the right edge (0.625).
    expect(edit.crop.width).toBeCloseTo(0.625);
    expect(edit.crop.height).toBeCloseTo(1 / 1.2);
    expect(edit.crop.x + edit.crop.width / 2).toBeCloseTo(0.625);
    expect(edit.crop.y).toBeCloseTo((1 - 1 / 1.2) / 2);
  });
});
