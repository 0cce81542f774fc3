import { createContext } from './create-context';
import { adminCommands } from './admin-commands/commands';
import { ConfigError, loadConfig, readEnvironment } from './env';

/**
 * `npm run admin -- <command> [args]`: admin tasks from a shell on the server, against the
 * database the server's environment names (SQLite or PostgreSQL). Prints one line; exit 1 on
 * failure, 2 for a command it does not know.
 */
async function run(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = adminCommands.find((candidate) => candidate.name === name);
  if (!command) {
    const usages = adminCommands.map((candidate) => `  npm run admin -- ${candidate.usage}`);
    console.error([name ? `Unknown command: ${name}` : 'Usage:', ...usages].join('\n'));
    return 2;
  }
  if (args.length !== command.arity || args.some((arg) => arg.trim() === '')) {
    console.error(`Usage: npm run admin -- ${command.usage}`);
    return 1;
  }
  const context = await createContext(loadConfig(readEnvironment()));
  try {
    console.log(await command.run(context, args));
    return 0;
  } finally {
    await context.database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
