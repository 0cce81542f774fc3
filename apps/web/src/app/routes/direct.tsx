import { useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/use-auth';
import { useSignInPrompt } from '@/lib/auth/sign-in-prompt';
import { useDocumentTitle } from '@/lib/document-title';
import { pageTitle } from '@/lib/page-titles';
import { Inbox } from '@/features/messages/components/inbox';

/** `/direct/inbox`, `/direct/requests` and `/direct/t/:id`. */
export function DirectRoute({ folder }: { folder: 'inbox' | 'requests' }) {
  useDocumentTitle(pageTitle('Messages'));
  const userId = useAuth().user?.id ?? null;
  const promptSignIn = useSignInPrompt();
  const openId = useParams().id ?? null;
  if (userId === null)
    return (
      <div className="flex flex-col items-center gap-4 px-6 py-16 text-center">
        <p className="text-sm text-neutral-700">Sign in to see your messages.</p>
        <Button onClick={promptSignIn}>Sign In</Button>
      </div>
    );
  return <Inbox viewerId={userId} folder={folder} openId={openId} />;
}

// What the router's lazy import takes (see router.tsx).
export default DirectRoute;
