import { backupCommands } from './backup/commands';
import { loadConfig, readEnvironment } from './env';

/**
 * `npm run backup -- <file> [--force]` and `npm run restore -- <file>`, with the server's
 * environment (DATA_DIR, DATABASE_URL, STORAGE_DRIVER). Unlike `npm run admin` they open no app
 * context: a backup must not migrate or write to the database a running server uses, and a
 * restore has no database yet. One line on stdout (warnings before it on stderr); exit 1 with
 * one line on stderr on failure, 2 for a command it does not know.
 */
async function run(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = backupCommands.find((candidate) => candidate.name === name);
  if (!command) {
    const usages = backupCommands.map((candidate) => `  npm run ${candidate.usage}`);
    console.error([name ? `Unknown command: ${name}` : 'Usage:', ...usages].join('\n'));
    return 2;
  }
  const runCommand = command.prepare(args);
  if (!runCommand) {
    console.error(`Usage: npm run ${command.usage}`);
    return 1;
  }
  const output = await runCommand(loadConfig(readEnvironment()));
  for (const warning of output.warnings) console.error(`Warning: ${warning}`);
  console.log(output.line);
  return 0;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // BackupError and ConfigError carry the line to print; anything else is told as briefly.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
