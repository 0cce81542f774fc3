/**
 * The ceiling: bench/ceiling-server.ts answering the feed page's bytes from memory, loaded as
 * every other row is; and what the page's images weigh as originals and as a phone's variants.
 */
import { freePort } from '../../apps/server/src/test/postgres-cluster';
import type { LoadResult } from '../lib/load';
import { runLoad, startCeiling } from '../lib/load';
import { imageBytesForPage } from '../lib/scenarios';
import type { ServerProcess } from '../lib/server-process';
import type { Row } from '../lib/table';
import { attempt, cleanups, log, settings } from './state';

export async function measureCeiling(body: Buffer): Promise<LoadResult | null> {
  log(`ceiling: node:http serving the ${body.length}-byte page from memory...`);
  const ceilingServer = await startCeiling(await freePort(), body);
  cleanups.push(() => ceilingServer.stop());
  const result = await attempt('ceiling', () =>
    runLoad({ url: `${ceilingServer.url}/api/posts?limit=20`, ...settings }),
  );
  await ceilingServer.stop();
  return result;
}

export async function imageBytesRows(body: Buffer, server: ServerProcess): Promise<Row[]> {
  const bytesRows: Row[] = [];
  const page = JSON.parse(body.toString()) as Parameters<typeof imageBytesForPage>[1];
  const bytes = await attempt('image bytes', () => imageBytesForPage(server.url, page));
  bytesRows.push(
    {
      id: 'bytes.before',
      label: `feed page images, originals (${bytes?.images ?? '?'} posts)`,
      value: bytes?.originals ?? null,
      unit: 'bytes',
    },
    {
      id: 'bytes.after',
      label: 'feed page images, variant for 390 px @2x',
      value: bytes?.variants ?? null,
      unit: 'bytes',
      note: bytes
        ? `${((1 - bytes.variants / bytes.originals) * 100).toFixed(0)}% less; widths ` +
          [...new Set(bytes.chosenWidths)].join('/')
        : undefined,
    },
  );
  return bytesRows;
}
