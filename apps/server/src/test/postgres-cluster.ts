import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A throwaway PostgreSQL cluster started from the machine's binaries, for tests and benchmarks. */
export interface PostgresCluster {
  url: string;
  /** Stops the server and removes its files. */
  stop(): void;
  /** Fault injection: a clean shutdown (`pg_ctl stop -m fast`), the data kept for `start`. */
  shutDown(): void;
  /** Starts the server again on the same port and data, after `shutDown` or a `signal` kill. */
  start(): void;
  /** Sends a signal to the postmaster and every backend (SIGKILL crash, SIGSTOP/SIGCONT freeze). */
  signal(signal: NodeJS.Signals): void;
  /** The pids of the postmaster and its children running now (the bench reads their CPU). */
  processes(): number[];
}

/** Running, not a zombie waiting to be reaped. */
function isAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The first line of postmaster.pid, left behind when the server was killed. */
function postmasterPid(dataDir: string): number | undefined {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return undefined;
  return Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
}

/** The postmaster and its children, read from /proc. */
function serverProcesses(dataDir: string): number[] {
  const postmaster = postmasterPid(dataDir);
  if (postmaster === undefined) return [];
  const children = fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      // The fields after the parenthesised command name: state, then the parent's pid.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return parent === postmaster ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
  return [postmaster, ...children].filter(isAlive);
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

/**
 * `durableCommits` keeps `synchronous_commit` on: a commit is then written to the kernel before
 * it is acknowledged, so it survives the server being killed (fsync stays off: the machine
 * itself does not crash in a test). Off, the last ~200 ms of acknowledged commits die with it.
 */
export async function startPostgresCluster(
  options: { durableCommits?: boolean } = {},
): Promise<PostgresCluster> {
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
    `-c synchronous_commit=${options.durableCommits ? 'on' : 'off'}`,
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  const start = () => {
    // After a kill, a new server refuses to start while the old postmaster's pid exists, even as
    // a zombie that init has not reaped yet.
    const oldPostmaster = postmasterPid(dataDir);
    const deadline = Date.now() + 10_000;
    while (oldPostmaster && fs.existsSync(`/proc/${oldPostmaster}`) && Date.now() < deadline) {
      if (isAlive(oldPostmaster)) break;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
    run(pgCtl, ['-D', dataDir, '-o', serverOptions, '-l', path.join(folder, 'log'), '-w', 'start']);
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    shutDown() {
      run(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    },
    start,
    processes: () => serverProcesses(dataDir),
    signal(signal) {
      const send = (pid: number, name: NodeJS.Signals) => {
        try {
          process.kill(pid, name);
        } catch {
          // already gone
        }
      };
      const [postmaster] = serverProcesses(dataDir);
      if (postmaster === undefined) return;
      // The postmaster is stopped first so that it forks no backend we would miss.
      send(postmaster, 'SIGSTOP');
      const children = serverProcesses(dataDir).slice(1);
      for (const pid of children) send(pid, signal);
      send(postmaster, signal);
      if (signal !== 'SIGSTOP') send(postmaster, 'SIGCONT');
    },
    stop() {
      try {
        // A frozen server (SIGSTOP) would never answer the stop request; a killed one needs none.
        const running = serverProcesses(dataDir);
        for (const pid of running) process.kill(pid, 'SIGCONT');
        if (running.length > 0) run(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
