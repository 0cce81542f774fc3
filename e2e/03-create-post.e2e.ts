import fs from 'node:fs';
import { limits } from '@pinhole/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { closeBrowser, openPage, signUpViaApi } from './support/browser';
import { bytesFile, cameraPhoto, imageFile } from './support/images';
import { nextToCaption } from './support/posts';

afterAll(closeBrowser);

describe('journey 3: creating a post', () => {
  it('shares a PNG and a JPG from disk and a camera photo over 5 MB made smaller; refuses a text file and a fake .png by their bytes', async () => {
    const { context, page } = await openPage('create-post');
    await signUpViaApi(context);
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();

    for (const [file, caption] of [
      [await imageFile('sunset.png', 900, 600, 'png'), 'A PNG sunset'],
      [await imageFile('portrait.jpg', 600, 900, 'jpeg'), 'A JPG portrait'],
    ] as const) {
      await page.getByRole('button', { name: 'Create post' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Post' });
      await dialog.getByText('Click to select an image').waitFor();
      expect(await dialog.getByText('PNG, JPG, GIF up to 5MB').isVisible()).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      await dialog.getByLabel('Image file').setInputFiles(file);
      await dialog.getByAltText('Selected image preview').waitFor();
      await nextToCaption(dialog);
      await dialog.getByPlaceholder('Write a caption...').fill(caption);
      if (caption.startsWith('A PNG'))
        await expectNoSeriousA11yViolations(page, 'create dialog with preview');
      const share = dialog.getByRole('button', { name: 'Share' });
      await share.click();
      await dialog.waitFor({ state: 'detached' });
      const first = page.getByRole('article').first();
      await first.getByText(caption).waitFor();
    }

    // A camera's photo over 5 MB, turned by its EXIF (stored 6000×4000, shown upright 4000×6000):
    // made smaller in the browser and posted, upright, its longest side at most 4096 pixels.
    const camera = await cameraPhoto('IMG_4032.jpg');
    expect(fs.statSync(camera).size).toBeGreaterThan(limits.maxUploadBytes);
    await page.getByRole('button', { name: 'Create post' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog.getByLabel('Image file').setInputFiles(camera);
    await dialog.getByAltText('Selected image preview').waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await nextToCaption(dialog);
    await dialog.getByPlaceholder('Write a caption...').fill('Straight from the camera');
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/posts') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Share' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const { images } = (await response.json()) as { images: { width: number; height: number }[] };
    expect(Math.max(images[0]!.width, images[0]!.height)).toBeLessThanOrEqual(
      limits.pickedPhotoMaxSide,
    );
    expect(images[0]!.height).toBeGreaterThan(images[0]!.width);
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('article').first().getByText('Straight from the camera').waitFor();

    await page.getByRole('button', { name: 'Create post' }).click();
    dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog.getByLabel('Image file').setInputFiles(bytesFile('notes.txt', 'just text'));
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toBe(
      'notes.txt is not a picture. Please select an image file',
    );

    // A text file renamed .png: the browser says image/png; its bytes say otherwise, at once.
    await dialog
      .getByLabel('Image file')
      .setInputFiles(bytesFile('fake.png', 'this is not a png at all'));
    await dialog.getByText('fake.png is not a picture. Please select an image file').waitFor();
    expect(await dialog.getByAltText('Selected image preview').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    // Cancel resets the dialog.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create post' }).click();
    dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog.getByText('Click to select an image').waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await context.close();
    // Drawing a 24-megapixel photo smaller takes Chromium a few seconds on a busy machine.
  }, 120_000);
});
