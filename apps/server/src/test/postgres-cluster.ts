import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A throwaway PostgreSQL cluster started from the machine's binaries, for tests and benchmarks. */
export interface PostgresCluster {
  url: string;
  stop(): void;
}

function findBinary(name: string): string {
  const fromPath = spawnSync('sh', ['-c', `command -v ${name}`], {
    encoding: 'utf8',
  }).stdout.trim();
  if (fromPath) return fromPath;
  const versions = fs.existsSync('/usr/lib/postgresql')
    ? fs.readdirSync('/usr/lib/postgresql')
    : [];
  for (const version of versions.sort().reverse()) {
    const candidate = path.join('/usr/lib/postgresql', version, 'bin', name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(
    `PostgreSQL binary "${name}" not found: install the PostgreSQL server (initdb, pg_ctl).`,
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const initdb = findBinary('initdb');
  const pgCtl = findBinary('pg_ctl');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-pg-'));
  const dataDir = path.join(folder, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root: run it as the postgres user in a folder it owns.
  const asRoot = process.getuid?.() === 0;
  const run = (binary: string, args: string[]) => {
    const [command, commandArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
      : [binary, args];
    execFileSync(command, commandArgs, { stdio: 'pipe' });
  };
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', folder]);
  run(initdb, ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const serverOptions = [
    `-p ${port}`,
    `-k ${folder}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  run(pgCtl, ['-D', dataDir, '-o', serverOptions, '-l', path.join(folder, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
