import { pushKinds, type PushKind, type PushSubscriptionRequest } from '@pinhole/contracts';
import { useEffect, useState } from 'react';
import {
  deletePushSubscription,
  getPushKey,
  postPushSubscription,
  useNotificationSettings,
  useSaveNotificationSettings,
} from '@/features/push/api/push-settings';

const kindLabels: Record<PushKind, string> = {
  likes: 'Likes',
  comments: 'Comments',
  follows: 'New followers',
  follow_requests: 'Follow requests',
  mentions: 'Mentions',
};

const switchClass =
  'relative h-6 w-11 shrink-0 rounded-full bg-neutral-300 transition-colors disabled:opacity-50 aria-checked:bg-neutral-900';
const knobClass = (on: boolean) =>
  `absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5' : ''}`;

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The worker's registration, once it is in place (the page registers it after loading). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return (await navigator.serviceWorker.getRegistration()) ?? undefined;
}

/** Turns this browser's pushes on (asking the browser's permission) or off. */
async function setPush(on: boolean): Promise<boolean> {
  const worker = await registration();
  if (!worker) throw new Error('The app is not installed in this browser yet.');
  const current = await worker.pushManager.getSubscription();
  if (!on) {
    if (current) {
      await deletePushSubscription(current.endpoint);
      await current.unsubscribe();
    }
    return false;
  }
  // Asked here only: from the switch the person just turned on.
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const subscription =
    current ??
    (await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: await getPushKey(),
    }));
  await postPushSubscription(subscription.toJSON() as PushSubscriptionRequest);
  return true;
}

/** `/accounts/notifications`: pushes on this device, and which kinds are wanted. */
export function PushSettings() {
  const supported = pushSupported();
  const [enabled, setEnabled] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const settings = useNotificationSettings();
  const { mutate: save, isPending } = useSaveNotificationSettings();

  useEffect(() => {
    if (!supported) return;
    void registration()
      .then((worker) => worker?.pushManager.getSubscription())
      .then((subscription) =>
        setEnabled(Boolean(subscription) && Notification.permission === 'granted'),
      );
  }, [supported]);

  const toggle = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const on = await setPush(!enabled);
      setEnabled(on);
      if (!enabled && !on) setProblem('Notifications are blocked in this browser’s settings.');
    } catch (error) {
      console.error('Error changing push notifications', error);
      setProblem('Push notifications could not be changed. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const push = settings.data?.push;
  return (
    <div className="flex flex-col gap-8">
      <section className="flex items-start justify-between gap-6 rounded-xl border border-line p-4">
        <div className="flex flex-col gap-1">
          <h2 id="push-notifications" className="text-base font-semibold">
            Push notifications
          </h2>
          <p className="text-sm text-muted">
            {supported
              ? 'Get notified on this device when the app is closed.'
              : 'This browser cannot receive push notifications.'}
          </p>
          {problem && (
            <p role="alert" className="text-sm text-red-600">
              {problem}
            </p>
          )}
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          aria-labelledby="push-notifications"
          disabled={!supported || busy}
          onClick={() => void toggle()}
          className={switchClass}
        >
          <span aria-hidden className={knobClass(enabled)} />
        </button>
      </section>
      <section aria-labelledby="push-kinds" className="flex flex-col gap-3">
        <h2 id="push-kinds" className="text-base font-semibold">
          Notify me about
        </h2>
        {push && (
          <ul className="flex flex-col gap-3">
            {pushKinds.map((kind) => (
              <li key={kind} className="flex items-center justify-between gap-6">
                <span id={`push-${kind}`} className="text-sm">
                  {kindLabels[kind]}
                </span>
                <button
                  type="button"
                  role="switch"
                  aria-checked={push[kind]}
                  aria-labelledby={`push-${kind}`}
                  disabled={isPending}
                  onClick={() => save({ push: { ...push, [kind]: !push[kind] } })}
                  className={switchClass}
                >
                  <span aria-hidden className={knobClass(push[kind])} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
