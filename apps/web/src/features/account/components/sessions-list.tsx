import Bowser from 'bowser';
import { Monitor, Smartphone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useClock } from '@/lib/clock';
import { timeLabel } from '@/lib/time-label';
import { useEndSession, useSessions } from '@/features/account/api/account';

/** "Chrome on macOS", or a plain fallback for an agent nobody recognises. */
export function describeAgent(userAgent: string | null): { label: string; mobile: boolean } {
  if (!userAgent) return { label: 'Unknown device', mobile: false };
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  // Bowser names an agent it does not know '' (not undefined): fall back past empty names too.
  const label = browser && os ? `${browser} on ${os}` : browser || os || 'Unknown device';
  return { label, mobile: parsed.platform.type === 'mobile' || parsed.platform.type === 'tablet' };
}

/** Where you're signed in: each session's browser and system, last activity, and sign-outs. */
export function SessionsList() {
  const { data, isPending, isError, error, refetch } = useSessions();
  const end = useEndSession();
  const clock = useClock();
  if (isPending) return <Spinner />;
  if (isError) return <LoadError error={error} retrying={false} onRetry={() => void refetch()} />;
  const others = data.sessions.filter((session) => !session.current).length;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
        {data.sessions.map((session) => {
          const agent = describeAgent(session.user_agent);
          const Icon = agent.mobile ? Smartphone : Monitor;
          return (
            <li key={session.id} data-testid="session" className="flex items-center gap-3 p-4">
              <Icon aria-hidden className="size-6 shrink-0 text-muted" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold">{agent.label}</p>
                <p className="text-xs text-muted">
                  {session.current ? (
                    <span className="font-semibold text-green-700">This device</span>
                  ) : (
                    <>Active {timeLabel(session.last_seen_at, clock.now())}</>
                  )}
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="secondary"
                  disabled={end.isPending}
                  aria-label={`Sign out ${agent.label}`}
                  onClick={() => end.mutate(session.id)}
                >
                  Sign out
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {end.isError && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(end.error)}
        </p>
      )}
      {others > 0 && (
        <Button variant="secondary" disabled={end.isPending} onClick={() => end.mutate(null)}>
          Sign out of all other sessions
        </Button>
      )}
    </div>
  );
}
