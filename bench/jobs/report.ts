/** The rows about the client and the set-up, the share of the ceiling, and the printed table. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SeedSummary } from '../../apps/server/src/seed/seed.service';
import { measureClientBundle } from '../lib/client-bundle';
import type { MachineInfo } from '../lib/machine';
import { repoRoot } from '../lib/server-process';
import type { Row } from '../lib/table';
import { renderTable } from '../lib/table';
import type { DatabaseRun } from './database';
import { log, mode, outFile, runStarted, settings, size } from './state';

/** The JS and CSS the client loads first, raw and gzipped. */
export function clientRows(webBuilt: boolean): Row[] {
  const bundle = webBuilt ? measureClientBundle() : null;
  const measures = [
    ['js', 'JS', 'Raw', 'raw'],
    ['js', 'JS', 'Gzip', 'gzip -9'],
    ['css', 'CSS', 'Raw', 'raw'],
    ['css', 'CSS', 'Gzip', 'gzip -9'],
  ] as const;
  return measures.map(([kind, name, measure, how]) => ({
    id: `client.${kind}.${measure.toLowerCase()}`,
    label: `client initial ${name}, ${how}`,
    value: bundle?.[`${kind}${measure}`] ?? null,
    unit: 'bytes',
  }));
}

/** How long the set-up took: the seeds and the server's start. */
export function contextRows(sqlite: DatabaseRun | null, postgresRun: DatabaseRun | null): Row[] {
  const rows: Row[] = [];
  if (sqlite) {
    rows.push({
      id: 'seed.sqlite',
      label: `seed ${size.posts} posts / ${size.users} users / ${size.likes} likes / ${sqlite.seed.follows} follows (sqlite)`,
      value: sqlite.seed.timingsMs.total / 1000,
      unit: 's',
      note: `likes ${(sqlite.seed.timingsMs.likes / 1000).toFixed(1)} s, follows ${(sqlite.seed.timingsMs.follows / 1000).toFixed(1)} s, posts ${(sqlite.seed.timingsMs.posts / 1000).toFixed(1)} s (photographs made once, outside)`,
    });
    rows.push({
      id: 'server.settle.sqlite',
      label: 'server start → idle (sqlite)',
      value: (sqlite.serverReadyMs + sqlite.serverSettleMs) / 1000,
      unit: 's',
      note: `ready ${(sqlite.serverReadyMs / 1000).toFixed(1)} s, then start-up work`,
    });
  }
  if (postgresRun) {
    rows.push({
      id: 'seed.postgres',
      label: `seed ${size.posts} posts / ${size.users} users / ${size.likes} likes / ${postgresRun.seed.follows} follows (postgres)`,
      value: postgresRun.seed.timingsMs.total / 1000,
      unit: 's',
      note: `likes ${(postgresRun.seed.timingsMs.likes / 1000).toFixed(1)} s, follows ${(postgresRun.seed.timingsMs.follows / 1000).toFixed(1)} s`,
    });
  }
  return rows;
}

/** Feed rows as a fraction of the ceiling (measured once, on the same page bytes). */
export function shareOfCeiling(rows: Row[], ceilingRps: number | null): void {
  for (const row of rows) {
    if (/\.(feed|hashtag|explore|stories\.trays)\b/.test(row.id) || row.id === 'ceiling') {
      row.vsCeiling = ceilingRps && row.value !== null ? row.value / ceilingRps : null;
    }
  }
}

/** Prints the table and writes the results file. */
export function report(options: {
  machine: MachineInfo;
  startedAt: number;
  rows: Row[];
  follows: number;
  seed: { sqlite: SeedSummary | null; postgres: SeedSummary | null };
}): void {
  const { machine, rows } = options;
  const totalS = (performance.now() - runStarted) / 1000;
  const table = renderTable(rows);
  console.log(
    `\nPinhole bench (${mode}): ${size.posts} posts, ${size.users} users, ${size.likes} likes, ` +
      `${options.follows} follows; ` +
      `${settings.connections} connections × ${settings.durationS} s; ${machine.cpuModel}, ` +
      `${machine.cores} cores, ${machine.ramGb} GB RAM, node ${machine.node}\n`,
  );
  console.log(table);
  console.log(
    `\nfinished in ${totalS.toFixed(0)} s; load average now ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );

  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(
    outFile,
    JSON.stringify(
      {
        mode,
        startedAt: new Date(options.startedAt).toISOString(),
        durationS: Math.round(totalS),
        size,
        connections: settings.connections,
        machine: { ...machine, loadAverageAtEnd: os.loadavg() },
        seed: options.seed,
        rows,
        table,
      },
      null,
      2,
    ) + '\n',
  );
  log(`wrote ${path.relative(repoRoot, outFile)}`);
}
