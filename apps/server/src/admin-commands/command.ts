import type { AppContext } from '../context';

/**
 * One `npm run admin -- <name> …` subcommand. `run` answers the one line to print; a failure
 * throws an Error whose message is that line (the exit code is then 1).
 */
export interface AdminCommand {
  name: string;
  /** Shown by `npm run admin` without arguments: `grant <username>`. */
  usage: string;
  run(context: AppContext, args: readonly string[]): Promise<string>;
}

/** The one argument most commands take, without a leading @. */
export function usernameArgument(command: AdminCommand, args: readonly string[]): string {
  const [username, ...rest] = args;
  if (!username || rest.length > 0) throw new Error(`Usage: npm run admin -- ${command.usage}`);
  return username.replace(/^@/, '');
}
