import { safetyMessages } from '@pinhole/contracts';
import { useInstanceSettings } from '@/features/admin/api/instance-settings';

/**
 * Shown to admins of a server without a mail server: Forgot password tells members to ask the
 * admin, so the admin learns here (not only in the start-up log) what to do when they do.
 */
export function MailNotice() {
  const instance = useInstanceSettings();
  if (instance.data?.mail !== false) return null;
  return (
    <section
      aria-label="Email"
      data-testid="mail-notice"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="font-semibold">This server can&apos;t send email (SMTP_URL is not set).</p>
      <p className="mt-1">
        Members who forget their password are told: &ldquo;{safetyMessages.mailUnavailable}
        &rdquo;. To give one a link, run on the server:
      </p>
      <pre className="mt-2 overflow-x-auto rounded bg-white/70 px-2 py-1 text-xs">
        <code>npm run admin -- reset-link &lt;username&gt;</code>
      </pre>
    </section>
  );
}
