import { pagePaths, endpointPath } from '@pinhole/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Settings } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { isAdminUser } from '@/lib/auth/roles';
import { useSignOut } from '@/lib/auth/sign-out';
import { useAuth } from '@/lib/auth/use-auth';
import { ThemeChoiceItems } from './theme-choice';

const item =
  'flex cursor-pointer items-center rounded-md px-3 py-2.5 text-sm outline-none select-none data-highlighted:bg-neutral-100';

/** The settings icon on your own profile: every account page, and Sign out. */
export function SettingsMenu() {
  const { mutateAsync: signOut } = useSignOut();
  const navigate = useNavigate();
  const isAdmin = isAdminUser(useAuth().user);
  // As the header's Sign out: home afterwards, and a failure is logged, not swallowed.
  const signOutAndGoHome = async () => {
    try {
      await signOut();
      void navigate(pagePaths.home.to());
    } catch (error) {
      console.error('Error signing out', error);
    }
  };
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Settings"
        className="rounded-full p-1.5 text-neutral-900 hover:bg-neutral-100 data-[state=open]:bg-neutral-100"
      >
        <Settings aria-hidden className="size-6" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-xl border border-line bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Item asChild className={item}>
            <Link to={pagePaths.account.to('edit')}>Edit profile</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={item}>
            <Link to={pagePaths.account.to('password')}>Change password</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={item}>
            <Link to={pagePaths.account.to('sessions')}>Where you&apos;re signed in</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={item}>
            <Link to={pagePaths.account.to('blocked')}>Blocked accounts</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={item}>
            <Link to={pagePaths.account.to('notifications')}>Notifications</Link>
          </DropdownMenu.Item>
          {isAdmin && (
            <DropdownMenu.Item asChild className={item}>
              <Link to={pagePaths.admin.to()}>Admin</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={item}>
            <a href={endpointPath('exportArchive')} download>
              Download your data
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={item}>
            <Link to={pagePaths.account.to('import')}>Import posts</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={`${item} text-red-600`}>
            <Link to={pagePaths.account.to('delete')}>Delete account</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <ThemeChoiceItems itemClassName={item} />
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          {/* The sidebar's footer, with its About link, is not drawn on a phone. */}
          <DropdownMenu.Item asChild className={item}>
            <Link to={pagePaths.about.to()}>About this instance</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => void signOutAndGoHome()}>
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
