import { afterAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { closeBrowser, openPage, signUpViaApi } from './support/browser';
import { bytesFile, imageFile } from './support/images';

afterAll(closeBrowser);

describe('journey 3: creating a post', () => {
  it('shares a PNG and a JPG from disk; refuses a 6 MB file, a fake .png and a server-rejected file', async () => {
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
      expect(await dialog.getByRole('button', { name: 'Share' }).isDisabled()).toBe(true);
      await dialog.getByLabel('Image file').setInputFiles(file);
      await dialog.getByAltText('Selected image preview').waitFor();
      await dialog.getByPlaceholder('Write a caption...').fill(caption);
      if (caption.startsWith('A PNG'))
        await expectNoSeriousA11yViolations(page, 'create dialog with preview');
      const share = dialog.getByRole('button', { name: 'Share' });
      await share.click();
      await dialog.waitFor({ state: 'detached' });
      const first = page.getByRole('article').first();
      await first.getByText(caption).waitFor();
    }

    // A 6 MB file: the client's message, nothing sent.
    await page.getByRole('button', { name: 'Create post' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog
      .getByLabel('Image file')
      .setInputFiles(bytesFile('huge.png', Buffer.alloc(6 * 1024 * 1024, 7)));
    expect(await dialog.getByRole('alert').textContent()).toBe('File size must be less than 5MB');
    await dialog.getByLabel('Image file').setInputFiles(bytesFile('notes.txt', 'just text'));
    expect(await dialog.getByRole('alert').textContent()).toBe('Please select an image file');

    // A text file renamed .png: the browser says image/png, the server decides from the bytes.
    await dialog
      .getByLabel('Image file')
      .setInputFiles(bytesFile('fake.png', 'this is not a png at all'));
    await dialog.getByRole('button', { name: 'Share' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toBe('Please select an image file');
    expect(await dialog.isVisible()).toBe(true);

    // Cancel resets the dialog.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create post' }).click();
    dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog.getByText('Click to select an image').waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await context.close();
  });
});
