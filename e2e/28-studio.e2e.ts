import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PhotoEdit } from '@pinhole/contracts';
import {
  adjustmentNames,
  applyColourMatrix,
  colourMatrixOf,
  filterDefinition,
  filterNames,
} from '@pinhole/contracts';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { artifactsDir, baseUrl, closeBrowser, openPage, signUpViaApi } from './support/browser';

afterAll(closeBrowser);

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-studio-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** A landscape photo of smooth colours (no edges, so two resamplers agree on its small copies). */
async function smoothPhoto(name: string, width: number, height: number): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="a" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#d06a3a"/><stop offset="1" stop-color="#3a7ad0"/></linearGradient>
      <linearGradient id="b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#a)"/><rect width="100%" height="100%" fill="url(#b)"/></svg>`;
  const file = path.join(folder, name);
  await sharp(Buffer.from(svg)).jpeg({ quality: 95 }).toFile(file);
  return file;
}

const grid = { width: 32, height: 24 };

/** The stored photo's pixels, made as small as the grid (sRGB, RGB). */
async function storedPixels(url: string, size = grid): Promise<Buffer> {
  const bytes = Buffer.from(await (await fetch(new URL(url, baseUrl()))).arrayBuffer());
  return sharp(bytes)
    .resize(size.width, size.height, { fit: 'fill' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** The studio's preview as drawn in the browser, made as small as the grid (RGB). */
async function previewPixels(page: Page, size = grid): Promise<Buffer> {
  await page.locator('[data-testid="studio-preview"][data-studio-ready="true"]').waitFor();
  const rgba = await page.evaluate(({ width, height }) => {
    const preview = document.querySelector<HTMLCanvasElement>('[data-testid="studio-preview"]')!;
    const small = document.createElement('canvas');
    small.width = width;
    small.height = height;
    const context = small.getContext('2d')!;
    context.imageSmoothingQuality = 'high';
    context.drawImage(preview, 0, 0, width, height);
    return Array.from(context.getImageData(0, 0, width, height).data);
  }, size);
  return Buffer.from(rgba.filter((_, index) => index % 4 !== 3));
}

/** The mean difference per channel, in 255ths. */
function meanDifference(a: Buffer, b: Buffer): number[] {
  const sums = [0, 0, 0];
  for (let index = 0; index < a.length; index++) {
    sums[index % 3]! += Math.abs(a[index]! - b[index]!);
  }
  return sums.map((sum) => sum / (a.length / 3));
}

async function postWithEdit(token: string, file: string, edit: PhotoEdit) {
  const form = new FormData();
  form.append('edits', JSON.stringify([edit]));
  form.append(
    'image',
    new Blob([new Uint8Array(fs.readFileSync(file))], { type: 'image/jpeg' }),
    'photo.jpg',
  );
  const response = await fetch(`${baseUrl()}/api/posts`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { media: { url: string; width: number; height: number }[] };
}

async function openStudio(page: Page, files: string[]): Promise<Locator> {
  await page.getByRole('button', { name: 'Create post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Post' });
  await dialog.getByLabel('Image file').setInputFiles(files);
  await dialog.getByAltText('Selected image preview').first().waitFor();
  await dialog.getByRole('button', { name: 'Next', exact: true }).click();
  await dialog.getByRole('group', { name: 'Aspect' }).waitFor();
  return dialog;
}

async function setAdjustment(dialog: Locator, label: string, value: number) {
  await dialog.getByRole('tab', { name: 'Adjustments' }).click();
  await dialog.getByRole('slider', { name: label }).fill(String(value));
}

const adjustmentLabel = (name: string) => name[0]!.toUpperCase() + name.slice(1);

describe('journey 28: the studio — crop, filters and adjustments, the same in the preview and the stored photo', () => {
  it('draws every filter and adjustment in the preview as the server stores it (within 4/255 per channel on average)', async () => {
    const { context, page } = await openPage('studio-parity');
    const me = await signUpViaApi(context);
    await page.goto('/');
    const photo = await smoothPhoto('parity.jpg', 960, 640);
    const dialog = await openStudio(page, [photo]);
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('tab', { name: 'Filters' }).waitFor();

    const cases: { name: string; edit: PhotoEdit; choose: () => Promise<void> }[] = [];
    for (const name of filterNames) {
      const { label } = filterDefinition(name);
      cases.push({
        name: `filter ${name}`,
        edit: { filter: name },
        choose: async () => {
          await dialog.getByRole('tab', { name: 'Filters' }).click();
          await dialog.getByRole('button', { name: label, exact: true }).click();
        },
      });
    }
    for (const name of adjustmentNames) {
      for (const value of [-60, 80]) {
        cases.push({
          name: `${name} ${value}`,
          edit: { adjust: { [name]: value } },
          choose: async () => {
            await dialog.getByRole('tab', { name: 'Filters' }).click();
            await dialog.getByRole('button', { name: 'Normal', exact: true }).click();
            for (const other of adjustmentNames)
              await setAdjustment(dialog, adjustmentLabel(other), 0);
            await setAdjustment(dialog, adjustmentLabel(name), value);
          },
        });
      }
    }

    const differences: Record<string, number[]> = {};
    for (const { name, edit, choose } of cases) {
      await choose();
      const preview = await previewPixels(page);
      const stored = await storedPixels((await postWithEdit(me.token, photo, edit)).media[0]!.url);
      differences[name] = meanDifference(preview, stored).map((d) => Math.round(d * 100) / 100);
    }
    console.log(
      'studio parity, mean difference per channel (of 255):',
      JSON.stringify(differences),
    );
    for (const [name, channels] of Object.entries(differences)) {
      for (const difference of channels) expect(difference, name).toBeLessThanOrEqual(4);
    }
  }, 240_000);

  for (const width of [390, 1280]) {
    it(`at ${width} px: crops a landscape photo to 1:1, picks a filter, raises the brightness and shares a square, filtered, brighter photo`, async () => {
      const { context, page } = await openPage(`studio-${width}`, {
        width,
        height: width < 600 ? 844 : 900,
      });
      await signUpViaApi(context);
      await page.goto('/');
      const photo = await smoothPhoto(`landscape-${width}.jpg`, 1200, 800);
      const dialog = await openStudio(page, [photo]);
      await dialog.getByRole('button', { name: '1:1', exact: true }).click();
      await page.locator('[data-testid="studio-preview"][data-studio-ready="true"]').waitFor();
      const shots = path.join(artifactsDir, 'studio');
      fs.mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: path.join(shots, `crop-${width}.png`) });

      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await dialog.getByRole('button', { name: 'Clarendon', exact: true }).click();
      await setAdjustment(dialog, 'Brightness', 40);
      await page.locator('[data-testid="studio-preview"][data-studio-ready="true"]').waitFor();
      await page.screenshot({ path: path.join(shots, `edit-${width}.png`) });

      // Back to the crop and forward again: the choices are kept.
      await dialog.getByRole('button', { name: 'Back', exact: true }).click();
      expect(
        await dialog.getByRole('button', { name: '1:1', exact: true }).getAttribute('aria-pressed'),
      ).toBe('true');
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await dialog.getByRole('tab', { name: 'Adjustments' }).click();
      expect(await dialog.getByRole('slider', { name: 'Brightness' }).inputValue()).toBe('40');

      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await dialog.getByPlaceholder('Write a caption...').fill(`Square at ${width}`);
      const created = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/posts') && response.request().method() === 'POST',
      );
      await dialog.getByRole('button', { name: 'Share' }).click();
      const response = await created;
      expect(response.status()).toBe(201);
      const { media } = (await response.json()) as {
        media: { url: string; width: number; height: number }[];
      };
      expect(media[0]!.width).toBe(media[0]!.height);

      // What the contracts' numbers make of the photo's centre square, against what was stored.
      const square = { width: 24, height: 24 };
      const centre = await sharp(photo)
        .extract({ left: 200, top: 0, width: 800, height: 800 })
        .resize(square.width, square.height, { fit: 'fill' })
        .removeAlpha()
        .raw()
        .toBuffer();
      const matrix = colourMatrixOf({ filter: 'clarendon', adjust: { brightness: 40 } });
      const expected = Buffer.alloc(centre.length);
      for (let index = 0; index < centre.length; index += 3) {
        const out = applyColourMatrix(
          matrix,
          centre[index]! / 255,
          centre[index + 1]! / 255,
          centre[index + 2]! / 255,
        );
        for (let channel = 0; channel < 3; channel++)
          expected[index + channel] = Math.round(out[channel]! * 255);
      }
      const stored = await storedPixels(media[0]!.url, square);
      for (const difference of meanDifference(stored, expected))
        expect(difference).toBeLessThanOrEqual(4);
      const mean = (pixels: Buffer) =>
        pixels.reduce((sum, value) => sum + value, 0) / pixels.length;
      expect(mean(stored)).toBeGreaterThan(mean(centre) + 10);
      await dialog.waitFor({ state: 'detached' });
    }, 120_000);
  }

  it('makes a 3-photo carousel cropped 4:5 into three 4:5 photos', async () => {
    const { context, page } = await openPage('studio-carousel', { width: 390, height: 844 });
    await signUpViaApi(context);
    await page.goto('/');
    const photos = [
      await smoothPhoto('carousel-1.jpg', 1200, 800),
      await smoothPhoto('carousel-2.jpg', 1000, 750),
      await smoothPhoto('carousel-3.jpg', 900, 900),
    ];
    const dialog = await openStudio(page, photos);
    await dialog.getByRole('button', { name: '4:5', exact: true }).click();
    for (let step = 0; step < 2; step++)
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByPlaceholder('Write a caption...').fill('Three at 4:5');
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/posts') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Share' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const { media } = (await response.json()) as { media: { width: number; height: number }[] };
    expect(media).toHaveLength(3);
    for (const item of media) expect(Math.abs(item.width / item.height - 0.8)).toBeLessThan(0.01);
  }, 120_000);
});
