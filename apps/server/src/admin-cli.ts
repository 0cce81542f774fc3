import { AdminCommandError, resetLinkCommand } from './admin-cli-reset-link';
import type { AppContext } from './context';
import { createContext } from './create-context';
import { loadConfig } from './env';

/** One subcommand: what it prints on success. */
type AdminSubcommand = (context: AppContext, args: readonly string[]) => Promise<string>;

/** `npm run admin -- <subcommand> …`: the operator's tools, run with the server's environment. */
const subcommands: Record<string, { usage: string; run: AdminSubcommand }> = {
  'reset-link': { usage: 'reset-link <username>', run: resetLinkCommand },
};

function usage(): string {
  const lines = Object.values(subcommands).map((command) => `  npm run admin -- ${command.usage}`);
  return ['Usage:', ...lines].join('\n');
}

async function run(argv: readonly string[]): Promise<void> {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : subcommands[name];
  if (!command) throw new AdminCommandError(usage());
  const context = await createContext(loadConfig());
  try {
    console.log(await command.run(context, args));
  } finally {
    await context.database.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  // A usage or configuration mistake (AdminCommandError, ConfigError) is one readable line.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
