import { createContext } from './create-context';
import { ConfigError, loadConfig } from './env';
import { sweepOrphans } from './services/sweep.service';

/** `npm run sweep`: remove stored files that no post references. */
async function run(): Promise<void> {
  const context = await createContext(loadConfig());
  try {
    const removed = await sweepOrphans(context);
    console.log(`Removed ${removed} orphaned file(s).`);
  } finally {
    await context.database.close();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
