import type { AdminCommand } from './command';
import { usernameArgument } from './command';

/** `grant <username>`: makes the account an admin (audit line with no actor: the command line). */
export const grantCommand: AdminCommand = {
  name: 'grant',
  usage: 'grant <username>',
  arity: 1,
  async run(context, args) {
    const username = usernameArgument(args);
    const name = await context.services.moderation.setRoleByUsername(username, 'admin', null);
    return `@${name} is now an admin`;
  },
};

/** `revoke <username>`: back to member; the last admin is kept. */
export const revokeCommand: AdminCommand = {
  name: 'revoke',
  usage: 'revoke <username>',
  arity: 1,
  async run(context, args) {
    const username = usernameArgument(args);
    const name = await context.services.moderation.setRoleByUsername(username, 'member', null);
    return `@${name} is no longer an admin`;
  },
};
