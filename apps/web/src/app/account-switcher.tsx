import { Check } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Dialog } from '@/components/ui/dialog';
import { useAuth } from '@/lib/auth/use-auth';
import { readRememberedAccounts, type RememberedAccount } from '@/lib/auth/remembered-accounts';

interface AccountSwitcherProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Sign in as another account: its username, or null for one not listed. The reader stays
   * signed in as they are until that sign-in succeeds; cancelling it changes nothing.
   */
  onSignIn: (username: string | null) => void;
}

/**
 * Instagram's "Switch accounts": the accounts signed in on this device, the current one checked,
 * and "Log into an existing account". The server keeps one session per browser (an HttpOnly
 * cookie), so choosing another account opens sign-in with its username filled in, asking for its
 * password, rather than keeping several sessions' tokens where a page's script could read them.
 */
export function AccountSwitcher({ open, onOpenChange, onSignIn }: AccountSwitcherProps) {
  const { profile } = useAuth();
  // Read when the dialog opens (the provider remembers each account as it signs in).
  const [accounts] = useState<RememberedAccount[]>(readRememberedAccounts);
  const listed =
    profile && !accounts.some((account) => account.username === profile.username)
      ? [{ username: profile.username, avatar_url: profile.avatar_url }, ...accounts]
      : accounts;

  const choose = (account: RememberedAccount | null) => {
    onOpenChange(false);
    if (account?.username === profile?.username) return;
    onSignIn(account ? account.username : null);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Switch accounts">
      <ul aria-label="Accounts" className="flex flex-col py-2">
        {listed.map((account) => {
          const current = account.username === profile?.username;
          return (
            <li key={account.username}>
              <button
                type="button"
                aria-current={current ? 'true' : undefined}
                onClick={() => choose(account)}
                className="flex w-full items-center gap-3 px-4 py-2 text-left hover:bg-neutral-50"
              >
                <Avatar name={account.username} src={account.avatar_url} size={44} />
                <span className="min-w-0 flex-1 truncate text-sm font-semibold">
                  {account.username}
                </span>
                {current && (
                  <span className="flex size-6 items-center justify-center rounded-full bg-brand text-white">
                    <Check aria-label="Current account" className="size-4" strokeWidth={3} />
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="border-t border-line p-3 text-center">
        <button
          type="button"
          onClick={() => choose(null)}
          className="text-sm font-semibold text-brand hover:text-brand-dark"
        >
          Log into an existing account
        </button>
      </div>
    </Dialog>
  );
}
