import { useSearchParams } from 'react-router-dom';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useSignInPrompt } from '@/lib/auth/sign-in-prompt';
import { useDocumentTitle } from '@/lib/document-title';
import { pageTitle } from '@/lib/page-titles';

/** `/accounts/password/reset?token=…`: where a reset email leads, signed in or not. */
export function PasswordResetRoute() {
  const title = 'Reset password';
  useDocumentTitle(pageTitle(title));
  const [params] = useSearchParams();
  const promptSignIn = useSignInPrompt();
  return (
    <div className="mx-auto flex w-full max-w-[400px] flex-col gap-6 px-4 pt-6 pb-24 sm:pt-10">
      <h1 className="text-xl font-semibold">{title}</h1>
      <ResetPasswordForm token={params.get('token') ?? ''} onSignIn={promptSignIn} />
    </div>
  );
}

// What the router's lazy import takes (see router.tsx).
export default PasswordResetRoute;
