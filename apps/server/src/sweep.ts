import { createContext } from './create-context';
import { ConfigError, loadConfig } from './env';

/** `npm run sweep`: remove stored files that nothing references. */
async function run(): Promise<void> {
  const context = await createContext(loadConfig());
  try {
    const { removed, unknown } = await context.services.sweep.run();
    console.log(`Removed ${removed} orphaned file(s).`);
    if (unknown > 0) console.log(`Left ${unknown} file(s) whose names Pinhole never writes.`);
  } finally {
    await context.database.close();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
