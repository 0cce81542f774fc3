import type { AdminCommand } from './command';
import { resetLinkCommand } from './reset-link.command';
import { grantCommand, revokeCommand } from './roles.command';

/** Every `npm run admin` subcommand; a new one is a file beside this and one line here. */
export const adminCommands: readonly AdminCommand[] = [
  grantCommand,
  revokeCommand,
  resetLinkCommand,
];
