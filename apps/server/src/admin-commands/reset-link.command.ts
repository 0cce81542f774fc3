import { resetLinkLifetimeMs } from '../services/password-reset.service';
import type { AdminCommand } from './command';
import { usernameArgument } from './command';

/**
 * `reset-link <username>`: prints a password-reset link for the account, for an instance without
 * SMTP or a person whose mail does not arrive. Whoever runs it must hand the link over privately:
 * it sets the password of that account, once, within the hour.
 */
export const resetLinkCommand: AdminCommand = {
  name: 'reset-link',
  usage: 'reset-link <username>',
  arity: 1,
  async run(context, args) {
    const username = usernameArgument(args);
    const link = await context.services.passwordReset.createResetLink(username);
    if (!link) throw new Error(`No account with the username @${username}`);
    const hours = resetLinkLifetimeMs / (60 * 60 * 1000);
    return `Password reset link for @${link.username} (valid ${hours} hour${hours === 1 ? '' : 's'}): ${link.url}`;
  },
};
