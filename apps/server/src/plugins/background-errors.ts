import fp from 'fastify-plugin';
import type { AppContext } from '../app-context';

/**
 * Failures of work done beside or after an answer, logged by the app's logger. The action each
 * belongs to still succeeded: its notification, a live event, or a reset email is what went
 * missing.
 */
export const backgroundErrors = fp<{ context: AppContext }>(
  async (app, { context }) => {
    context.events.reportErrorsTo((error, event) =>
      app.log.error({ err: error, event: event.type }, 'event handler failed'),
    );
    context.services.eventStreams.reportErrorsTo((error, what) =>
      app.log.warn({ err: error, what }, 'live events degraded'),
    );
    // Reset emails go out after the answer: their failures (SMTP down or refusing) are only logged.
    context.services.passwordReset.reportTo(app.log);
    app.addHook('onClose', () => context.services.passwordReset.close());
    context.database.reportUpkeepErrorsTo((error) =>
      app.log.warn({ err: error }, 'database upkeep failed'),
    );
  },
  { name: 'background-errors' },
);
