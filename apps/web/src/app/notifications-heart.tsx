import { pagePaths } from '@pinhole/contracts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '@/lib/auth/use-auth';
import { usePageLocation } from '@/lib/overlay-location';
import { HeartButton } from '@/features/notifications/components/heart-button';
import { iconButton } from './icon-button';
import type { SignedInHeart as SignedInHeartType } from './signed-in-heart';

// The badge's count, its live stream and the panel are for someone signed in: a visitor's first
// script (budget: 110 KB gzip) carries only the heart. Loaded after the first render rather than
// through Suspense, so the page the server drew hydrates as drawn (a lazy component there ends
// the server's render of its boundary, and the browser logs React error 419).
const loadSignedInHeart = () => import('./signed-in-heart').then((module) => module.SignedInHeart);

/**
 * The header's heart. Signed out it asks to sign in, as the other signed-in-only buttons do;
 * signed in it becomes `SignedInHeart` once that has loaded (until then a click goes to the
 * notifications page).
 */
export function NotificationsHeart({ onSignIn }: { onSignIn: () => void }) {
  const userId = useAuth().user?.id ?? null;
  const navigate = useNavigate();
  const atPage = usePageLocation().pathname === pagePaths.notifications.to();
  const [SignedInHeart, setSignedInHeart] = useState<typeof SignedInHeartType | null>(null);

  useEffect(() => {
    if (userId === null || SignedInHeart) return;
    let current = true;
    loadSignedInHeart()
      .then((component) => {
        if (current) setSignedInHeart(() => component);
      })
      .catch((error: unknown) => console.error('Error loading notifications', error));
    return () => {
      current = false;
    };
  }, [userId, SignedInHeart]);

  if (userId !== null && SignedInHeart) return <SignedInHeart userId={userId} />;
  return (
    <HeartButton
      count={0}
      active={atPage}
      onClick={userId === null ? onSignIn : () => void navigate(pagePaths.notifications.to())}
      className={iconButton}
    />
  );
}
