import type { AppContext } from './app-context';

interface MaintenanceLog {
  info(details: object, message: string): void;
}

/**
 * Start-up (or cron) maintenance, in order: expired stories with their files, files left by a
 * crash between writing an image and recording its post, then variants that posts stored by an
 * older version lack; password-reset links past their hour, and sessions past their expiry.
 */
export async function runMaintenance(context: AppContext, log: MaintenanceLog): Promise<void> {
  const swept = await context.services.sweep.run();
  if (swept.removed > 0 || swept.unknown > 0) log.info(swept, 'swept stored files');
  const backfilled = await context.services.variantBackfill.run();
  if (backfilled.updated > 0 || backfilled.failed > 0) {
    log.info(backfilled, 'added missing image variants');
  }
  const resets = await context.services.passwordReset.deleteExpired();
  if (resets > 0) log.info({ removed: resets }, 'removed expired password-reset links');
  await purgeExpiredSessions(context, log);
}

/** Frees the rows of expired sessions: at start-up, from `npm run sweep`, and every hour. */
export async function purgeExpiredSessions(
  context: AppContext,
  log: MaintenanceLog,
): Promise<void> {
  const removed = await context.services.auth.purgeExpiredSessions();
  if (removed > 0) log.info({ removed }, 'removed expired sessions');
}
