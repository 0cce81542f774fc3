import type { AppContext } from '../app-context';

/**
 * One `npm run admin -- <name> …` subcommand. `run` answers the one line to print; a failure
 * throws an Error whose message is that line (the exit code is then 1).
 */
export interface AdminCommand {
  name: string;
  /** Shown by `npm run admin` without arguments: `grant <username>`. */
  usage: string;
  /** How many arguments it takes: checked before any database is opened. */
  arity: number;
  run(context: AppContext, args: readonly string[]): Promise<string>;
}

/** A username as typed, `@alice` or `alice`. */
export function usernameArgument(args: readonly string[]): string {
  return (args[0] ?? '').replace(/^@/, '');
}
