import type { AppContext } from './context';
import { resetLinkLifetimeMs } from './services/password-reset.service';

/** A mistake in how the command was called: printed without a stack, exit code 1. */
export class AdminCommandError extends Error {}

/**
 * `npm run admin -- reset-link <username>`: prints a password-reset link for the account, for an
 * instance without SMTP or a person whose mail does not arrive. Whoever runs it must hand the link
 * over privately: it sets the password of that account, once, within the hour.
 */
export async function resetLinkCommand(
  context: AppContext,
  args: readonly string[],
): Promise<string> {
  const [username, ...rest] = args;
  if (!username || rest.length > 0) {
    throw new AdminCommandError('Usage: npm run admin -- reset-link <username>');
  }
  const link = await context.services.passwordReset.createResetLink(username);
  if (!link)
    throw new AdminCommandError(`No account with the username @${username.replace(/^@/, '')}`);
  const hours = resetLinkLifetimeMs / (60 * 60 * 1000);
  return `Password reset link for @${link.username} (valid ${hours} hour${hours === 1 ? '' : 's'}): ${link.url}`;
}
