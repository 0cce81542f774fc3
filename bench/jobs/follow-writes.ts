import { runFollows } from '../lib/follows';
import type { ServerProcess } from '../lib/server-process';
import type { Row } from '../lib/table';
import { countMismatches } from './facts';
import { attempt, loadRow, log, settings } from './state';

/** Follow/unfollow writes, then every profile's counters against the follow rows. */
export async function followWriteRows(
  kind: string,
  server: ServerProcess,
  env: Record<string, string>,
  tokens: readonly string[],
  targets: readonly string[],
): Promise<Row[]> {
  log(`${kind}: follow/unfollow over ${targets.length} people as ${tokens.length} people...`);
  const result = await attempt(`${kind} follows`, () =>
    runFollows(server.url, tokens, targets, settings),
  );
  const goal = kind === 'sqlite' ? ' (goal ≥ 1,000 writes/s)' : '';
  const mismatches = await attempt(`${kind} follow counter check`, () => countMismatches(env));
  const drifted = mismatches === null ? null : mismatches.followers + mismatches.following;
  if (drifted !== 0) {
    // A benchmark that leaves wrong counters behind measured a bug, not a speed.
    log(`${kind}: FOLLOW COUNTERS DRIFTED (${JSON.stringify(mismatches)}); the bench fails`);
    process.exitCode = 1;
  }
  return [
    loadRow(
      `${kind}.follows`,
      `${kind}: PUT/DELETE /api/profiles/:id/follow${goal}`,
      result,
      `${tokens.length} users × ${targets.length} people`,
    ),
    {
      id: `${kind}.follows.check`,
      label: `${kind}: profiles whose follower/following counts ≠ follow rows`,
      value: drifted,
      unit: 'profiles',
      note:
        mismatches === null
          ? 'check failed'
          : drifted === 0
            ? 'exact'
            : `COUNTERS DRIFTED (followers ${mismatches.followers}, following ${mismatches.following})`,
    },
  ];
}
