import { useAuth } from '@/lib/auth/use-auth';
import { useDocumentTitle } from '@/lib/document-title';
import { pageTitle } from '@/lib/page-titles';
import { PrivacySettings } from '@/features/privacy/components/privacy-settings';

/** `/accounts/edit`: for now the privacy settings; the account issue builds out the rest. */
export function AccountEditRoute() {
  useDocumentTitle(pageTitle('Edit profile'));
  const signedIn = useAuth().user !== null;
  return (
    <div className="mx-auto flex w-full max-w-[600px] flex-col gap-6 px-4 pt-6 sm:pt-10">
      <h1 className="text-xl font-semibold">Edit profile</h1>
      {signedIn ? (
        <PrivacySettings />
      ) : (
        <p className="text-sm text-neutral-700">Please sign in to edit your profile.</p>
      )}
    </div>
  );
}
