import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/use-auth';
import { useSignInPrompt } from '@/lib/auth/sign-in-prompt';
import { useDocumentTitle } from '@/lib/document-title';
import { pageTitle } from '@/lib/page-titles';
import { NotificationsView } from '@/features/notifications/components/notifications-view';

/** `/notifications`: where the heart leads on phones (wide screens open a panel instead). */
export function NotificationsRoute() {
  useDocumentTitle(pageTitle('Notifications'));
  const userId = useAuth().user?.id ?? null;
  const promptSignIn = useSignInPrompt();
  return (
    <div className="mx-auto w-full max-w-[600px] pt-4 sm:pt-8">
      <h1 className="px-4 pb-2 text-2xl font-semibold">Notifications</h1>
      {userId === null ? (
        <div className="flex flex-col items-center gap-4 px-6 py-16 text-center">
          <p className="text-sm text-neutral-700">Sign in to see your notifications.</p>
          <Button onClick={promptSignIn}>Sign In</Button>
        </div>
      ) : (
        <NotificationsView userId={userId} />
      )}
    </div>
  );
}

// What the router's lazy import takes (see router.tsx).
export default NotificationsRoute;
