/**
 * The goals of the hot paths, judged on one run's rows: each judged row's note ends with the goal
 * and "met" or "NOT met", so a reader of the table needs no other page to tell.
 */
import type { Row } from '../lib/table';
import { writesAlongside } from './state';

interface Goal {
  id: string;
  text: string;
  met(row: Row, byId: Map<string, Row>): boolean | null;
}

const p99Within = (row: Row, ms: number) =>
  row.p99Ms !== undefined && row.p99Ms !== null && row.p99Ms <= ms;

/** PostgreSQL's writes: ≥ 1,000/s, ≥ 70 % of SQLite's in the same run, p99 ≤ 100 ms. */
function postgresWrites(kind: string): Goal {
  return {
    id: `postgres.${kind}`,
    text: `≥ 1,000 writes/s, ≥ 70% of SQLite's, p99 ≤ 100 ms`,
    met(row, byId) {
      const sqlite = byId.get(`sqlite.${kind}`)?.value;
      if (row.value === null || !sqlite) return null;
      return row.value >= 1000 && row.value >= 0.7 * sqlite && p99Within(row, 100);
    },
  };
}

/** The signed-in feed with likes alongside: ≥ 60 % of the read-only feed, every like done. */
function feedUnderWrites(kind: string, where: string, share: number): Goal {
  return {
    id: `${kind}.feed.in.p1.${where}`,
    text: `≥ ${share * 100}% of the read-only feed, all ${writesAlongside} likes/s done`,
    met(row, byId) {
      const alone = byId.get(`${kind}.feed.in.p1`)?.value;
      const done = /writes done: (\d+)\/s/.exec(row.note ?? '')?.[1];
      if (row.value === null || !alone || done === undefined) return null;
      return row.value >= share * alone && Number(done) >= writesAlongside * 0.98;
    },
  };
}

const shareOfCeiling = (id: string, share: number): Goal => ({
  id,
  text: `≥ ${share * 100}% of the ceiling`,
  met: (row) =>
    row.vsCeiling === undefined || row.vsCeiling === null ? null : row.vsCeiling >= share,
});

/** A photo with its edits costs at most `limit` times the untouched one (issue 49). */
const editedWithin = (id: string, limit: number): Goal => ({
  id,
  text: `≤ ${limit}× the untouched photo`,
  met: (row) => (row.value === null ? null : row.value <= limit),
});

const goals: Goal[] = [
  postgresWrites('likes'),
  postgresWrites('follows'),
  postgresWrites('stories.views'),
  feedUnderWrites('postgres', 'writes', 0.6),
  feedUnderWrites('postgres', 'writes.elsewhere', 0.6),
  shareOfCeiling('sqlite.stories.trays', 0.25),
  shareOfCeiling('postgres.stories.trays', 0.25),
  shareOfCeiling('sqlite.feed.out.p1', 0.6),
  shareOfCeiling('sqlite.feed.in.p1', 0.35),
  editedWithin('upload.edited.ratio.p50', 1.25),
  editedWithin('upload.edited.ratio.p95', 1.25),
];

/** Appends each goal, met or not, to its row's note (rows not in this run are skipped). */
export function judgeGoals(rows: Row[]): void {
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const goal of goals) {
    const row = byId.get(goal.id);
    if (!row) continue;
    const met = goal.met(row, byId);
    const verdict = met === null ? 'not measured' : met ? 'met' : 'NOT met';
    row.note = [row.note, `goal ${goal.text}: ${verdict}`].filter(Boolean).join('; ');
  }
}
