import type { PhotoEdit } from '@pinhole/contracts';
import { checkImage, processImage } from '../../apps/server/src/media/image';
import type { PhotoEditPlan } from '../../apps/server/src/media/photo-edits';
import { planEdits } from '../../apps/server/src/media/photo-edits';
import { seedPassword } from '../../apps/server/src/seed/seed.service';
import { benchPhotoOptions, makeSyntheticPhoto } from '../../apps/server/src/seed/synthetic-photo';
import { buildBenchArchive, runExport, runImport } from '../lib/account';
import { runConcurrentUploads, timeCarouselUploads, signIn } from '../lib/scenarios';
import type { ServerProcess } from '../lib/server-process';
import type { Row } from '../lib/table';
import type { SeededFacts } from './facts';
import { attempt, log, mb, percentile, size } from './state';

export async function measureProcessImage(
  label: string,
  id: string,
  input: Buffer,
  runs: number,
  plan: PhotoEditPlan | null = null,
): Promise<Row[]> {
  log(`${label}: ${(input.length / 1024 / 1024).toFixed(2)} MB; processImage × ${runs}...`);
  await processImage(input, plan); // warm-up: libvips loads its operations once
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await processImage(input, plan);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return [
    {
      id: `${id}.p50`,
      label: `${label}, p50`,
      value: percentile(times, 0.5),
      unit: 'ms',
      note: `${runs} runs, ${(input.length / 1024 / 1024).toFixed(1)} MB input`,
    },
    { id: `${id}.p95`, label: `${label}, p95`, value: percentile(times, 0.95), unit: 'ms' },
  ];
}

/** Issue 18: one export of the person with the most posts, and one Instagram import. */
export async function accountRows(
  server: ServerProcess,
  tokens: string[],
  facts: SeededFacts,
): Promise<Row[]> {
  const { email, posts } = facts.topPoster;
  log(`account: GET /api/me/export of the person with the most posts (${posts})...`);
  const exported = await attempt('export', async () =>
    runExport(server.url, server.pid, await signIn(server.url, email, seedPassword)),
  );
  const rise =
    exported?.peakRssBytes != null && exported.baselineRssBytes != null
      ? exported.peakRssBytes - exported.baselineRssBytes
      : null;
  log(`account: building an Instagram archive of ${size.importPosts} posts...`);
  const archive = await buildBenchArchive(size.importPosts);
  log(`account: importing it (${(archive.zip.length / 1024 / 1024).toFixed(0)} MB)...`);
  const imported = await attempt('import', () =>
    runImport(server.url, tokens[0]!, archive, size.importPosts),
  );
  return [
    {
      id: 'export.rss.rise',
      label: `server RSS rise during GET /api/me/export of ${posts} posts`,
      value: mb(rise),
      unit: 'MB',
      note: exported
        ? `goal < 100 MB; ${(exported.bytes / 1024 / 1024).toFixed(0)} MB zip in ` +
          `${(exported.wallMs / 1000).toFixed(1)} s; idle ${mb(exported.baselineRssBytes)?.toFixed(0)} MB`
        : undefined,
    },
    {
      id: 'import.posts.seconds',
      label:
        `POST /api/me/import, Instagram archive of ${size.importPosts} posts ` +
        `(${archive.photos} photos, 1080 px), upload to done`,
      value: imported ? imported.wallMs / 1000 : null,
      unit: 's',
      note: imported
        ? `${(imported.archiveBytes / 1024 / 1024).toFixed(0)} MB archive; ` +
          `${imported.imported} imported, ${imported.failures} not`
        : undefined,
    },
  ];
}

/** A 12 MP photo-like JPEG under the upload limit, and processImage's times on it. */
export async function processImageRows(): Promise<{ photo: Buffer; rows: Row[] }> {
  log('making a 12 MP photo-like JPEG (4000×3000)...');
  const twelveMegapixels = { ...benchPhotoOptions };
  let photo = await makeSyntheticPhoto(twelveMegapixels);
  // The upload limit is 5 MB: a noisier draw must still fit.
  for (let quality = 82; photo.length >= 5 * 1024 * 1024 && quality >= 60; quality -= 6) {
    twelveMegapixels.quality = quality;
    photo = await makeSyntheticPhoto(twelveMegapixels);
  }
  // The same scene as a phone stores a portrait: Display P3, pixels turned by EXIF orientation 6.
  const portrait = await makeSyntheticPhoto({
    ...twelveMegapixels,
    profile: 'p3',
    orientation: 6,
  });
  const processRows: Row[] = [
    ...(await measureProcessImage(
      'processImage 12 MP JPEG',
      'upload.process',
      photo,
      size.processRuns,
    )),
    ...(await measureProcessImage(
      'processImage 12 MP phone portrait (P3, EXIF 6)',
      'upload.process.portrait',
      portrait,
      size.processRuns,
    )),
  ];
  processRows.push(...(await editedRows(photo, processRows)));
  return { photo, rows: processRows };
}

/** What the studio sends at most: a crop, a filter and all six adjustments. */
const benchEdit: PhotoEdit = {
  crop: { x: 0.1, y: 0.05, width: 0.8, height: 0.9 },
  filter: 'clarendon',
  adjust: { brightness: 20, contrast: 15, saturation: -10, warmth: 30, fade: 10, vignette: 40 },
};

/**
 * Issue 49: the same photo with `benchEdit`, and its times over the untouched one's (goal ≤ 1.25×,
 * judged in goals.ts).
 */
async function editedRows(photo: Buffer, untouched: Row[]): Promise<Row[]> {
  const [plan] = planEdits([benchEdit], [await checkImage(photo)]);
  const rows = await measureProcessImage(
    'processImage 12 MP JPEG, cropped, filtered and adjusted',
    'upload.edited',
    photo,
    size.processRuns,
    plan,
  );
  const ratio = (suffix: string): Row => {
    const edited = rows.find((row) => row.id === `upload.edited.${suffix}`)?.value;
    const plain = untouched.find((row) => row.id === `upload.process.${suffix}`)?.value;
    return {
      id: `upload.edited.ratio.${suffix}`,
      label: `processImage edited ÷ untouched, ${suffix}`,
      value: edited && plain ? edited / plain : null,
      unit: '×',
    };
  };
  return [...rows, ratio('p50'), ratio('p95')];
}

/** Concurrent uploads, carousels, then export and import, on the SQLite server. */
export async function uploadRows(
  server: ServerProcess,
  tokens: string[],
  facts: SeededFacts,
  photo: Buffer,
): Promise<Row[]> {
  const uploadRows: Row[] = [];
  log(`uploads: ${size.uploads} concurrent POST /api/posts of the 12 MP JPEG...`);
  const uploads = await attempt('uploads', () =>
    runConcurrentUploads(server.url, server.pid, tokens, photo, size.uploads),
  );
  uploadRows.push(
    {
      id: 'upload.rss.peak',
      label: `server RSS peak, ${size.uploads} concurrent uploads`,
      value: mb(uploads?.peakRssBytes ?? null),
      unit: 'MB',
      note: uploads
        ? `idle ${mb(uploads.baselineRssBytes)?.toFixed(0)} MB; all done in ` +
          `${(uploads.wallMs / 1000).toFixed(1)} s`
        : undefined,
    },
    {
      id: 'upload.created',
      label: 'uploads answered 201',
      value: uploads?.created ?? null,
      unit: `of ${size.uploads}`,
    },
    {
      id: 'upload.busy',
      label: 'uploads answered 503 (queue full)',
      value: uploads?.unavailable ?? null,
      unit: `of ${size.uploads}`,
      note: uploads && uploads.other > 0 ? `${uploads.other} other statuses` : undefined,
    },
  );
  const photos = size.carouselPhotos;
  log(`uploads: ${size.carouselRuns} posts of ${photos} 12 MP JPEGs, one after another...`);
  const times = await attempt('carousel uploads', () =>
    timeCarouselUploads(server.url, tokens, photo, photos, size.carouselRuns),
  );
  log(`uploads: ${size.carouselConcurrent} posts of ${photos} 12 MP JPEGs at once...`);
  const carousels = await attempt('concurrent carousel uploads', () =>
    runConcurrentUploads(server.url, server.pid, tokens, photo, size.carouselConcurrent, photos),
  );
  uploadRows.push(
    {
      id: 'upload.carousel.p50',
      label: `POST /api/posts of ${photos} 12 MP JPEGs, time to 201, p50`,
      value: times ? percentile(times, 0.5) : null,
      unit: 'ms',
      note: `${size.carouselRuns} runs, one at a time`,
    },
    {
      id: 'upload.carousel.rss.peak',
      label: `server RSS peak, ${size.carouselConcurrent} concurrent ${photos}-photo posts`,
      value: mb(carousels?.peakRssBytes ?? null),
      unit: 'MB',
      note: carousels
        ? `goal < 600 MB; idle ${mb(carousels.baselineRssBytes)?.toFixed(0)} MB; ` +
          `${carousels.created} answered 201 in ${(carousels.wallMs / 1000).toFixed(1)} s`
        : undefined,
    },
  );
  uploadRows.push(...(await accountRows(server, tokens, facts)));
  return uploadRows;
}
