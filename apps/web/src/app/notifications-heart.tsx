import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { usePageLocation } from '@/lib/overlay-location';
import { HeartButton } from '@/features/notifications/components/heart-button';
import { iconButton } from './icon-button';

// The badge's count, its live stream and the panel are for someone signed in: a visitor's first
// script (budget: 110 KB gzip) carries only the heart.
const SignedInHeart = lazy(() =>
  import('./signed-in-heart').then((module) => ({ default: module.SignedInHeart })),
);

/**
 * The header's heart. Signed out it asks to sign in, as the other signed-in-only buttons do;
 * signed in it is `SignedInHeart`, drawn as a plain heart until that has loaded (a click then
 * goes to the notifications page).
 */
export function NotificationsHeart({ onSignIn }: { onSignIn: () => void }) {
  const userId = useAuth().user?.id ?? null;
  const navigate = useNavigate();
  const atPage = usePageLocation().pathname === paths.notifications.to();
  if (userId === null) {
    return <HeartButton count={0} active={false} onClick={onSignIn} className={iconButton} />;
  }
  return (
    <Suspense
      fallback={
        <HeartButton
          count={0}
          active={atPage}
          onClick={() => void navigate(paths.notifications.to())}
          className={iconButton}
        />
      }
    >
      <SignedInHeart userId={userId} />
    </Suspense>
  );
}
