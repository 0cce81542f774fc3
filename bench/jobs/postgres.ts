/** The throwaway PostgreSQL cluster the bench's PostgreSQL rows run on. */
import pg from 'pg';
import type { PostgresCluster } from '../../apps/server/src/test/postgres-cluster';
import { startPostgresCluster } from '../../apps/server/src/test/postgres-cluster';
import { cleanups, log } from './state';

/** Starts a cluster (stopped at the end of the run) and answers the URL of a fresh database. */
export async function startBenchCluster(): Promise<string> {
  log('postgres: starting a throwaway cluster...');
  const cluster: PostgresCluster = await startPostgresCluster();
  cleanups.push(() => cluster.stop());
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database pinhole_bench');
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = '/pinhole_bench';
  return url.toString();
}
