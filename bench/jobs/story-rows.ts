import { seedPassword } from '../../apps/server/src/seed/seed.service';
import { slowestFirstRequest } from '../lib/follows';
import { runStoryTrays, runStoryViews } from '../lib/stories';
import { signIn } from '../lib/scenarios';
import type { ServerProcess } from '../lib/server-process';
import type { Row } from '../lib/table';
import type { SeededFacts } from './facts';
import { attempt, loadRow, log, settings } from './state';

/**
 * Issue 20: the story trays of the people who follow the most (each a different set of trays),
 * then marking views as them, every request a new (viewer, story) pair.
 */
export async function storyRows(
  kind: 'sqlite' | 'postgres',
  server: ServerProcess,
  facts: SeededFacts,
): Promise<Row[]> {
  const { viewers } = facts.follows;
  const tokens = await Promise.all(
    viewers.map((viewer) => signIn(server.url, viewer.email, seedPassword)),
  );
  const following = Math.min(...viewers.map((viewer) => viewer.following));
  const trays = facts.stories.traysOf;
  const who =
    `${viewers.length} people following ${following}+, ` +
    `${Math.min(...trays)}–${Math.max(...trays)} of them with stories`;
  log(`${kind}: GET /api/stories as ${who}...`);
  const readers = tokens.map((token) => ({ token, path: '/api/stories' }));
  const coldMs = await attempt(`${kind} story trays first requests`, () =>
    slowestFirstRequest(server.url, readers),
  );
  const read = await attempt(`${kind} story trays`, () =>
    runStoryTrays(server.url, tokens, settings),
  );
  // Every tray carries its author and each story its variant URLs: the body is several times a feed
  // page's. Browsers ask for it compressed, which the cache does once per body.
  log(`${kind}: GET /api/stories as ${who}, Accept-Encoding: br, gzip...`);
  const readCompressed = await attempt(`${kind} story trays, compressed`, () =>
    runStoryTrays(server.url, tokens, settings, { 'accept-encoding': 'br, gzip' }),
  );
  const storyIds = facts.stories.storyIds;
  log(`${kind}: PUT /api/stories/:id/view over ${storyIds.length} stories as ${tokens.length}...`);
  const views = await attempt(`${kind} story views`, () =>
    runStoryViews(server.url, tokens, storyIds, settings),
  );
  const goal = kind === 'sqlite' ? ' (goal ≥ 1,000 writes/s)' : '';
  return [
    loadRow(
      `${kind}.stories.trays`,
      `${kind}: GET /api/stories signed in (goal ≥ 25% of ceiling, p99 ≤ 50 ms)`,
      read,
      `${who}; first request ${coldMs === null ? '?' : coldMs.toFixed(0)} ms (slowest reader)`,
    ),
    loadRow(
      `${kind}.stories.trays.br`,
      `${kind}: GET /api/stories signed in, Accept-Encoding: br, gzip`,
      readCompressed,
      who,
    ),
    loadRow(
      `${kind}.stories.views`,
      `${kind}: PUT /api/stories/:id/view${goal}`,
      views,
      `${tokens.length} people × ${storyIds.length} live stories, each request a new view`,
    ),
  ];
}
