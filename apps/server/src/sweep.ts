import { createContext } from './create-context';
import { ConfigError, loadConfig, readEnvironment } from './env';
import { runMaintenance } from './maintenance';

/**
 * `npm run sweep`: remove expired stories and stored files that nothing references, add missing
 * image variants, delete expired password-reset links and sessions.
 */
async function run(): Promise<void> {
  const context = await createContext(loadConfig(readEnvironment()));
  try {
    await runMaintenance(context, {
      info: (details, message) => console.log(`${message}: ${JSON.stringify(details)}`),
    });
    console.log('Maintenance done.');
  } finally {
    await context.database.close();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
