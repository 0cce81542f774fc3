import { pagePaths, type Profile } from '@pinhole/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ArrowLeftRight, LogOut, UserRound } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { iconButton } from './icon-button';

interface AccountMenuProps {
  profile: Profile;
  /** The reader is on their own profile. */
  active: boolean;
  onSignOut: () => void;
  /** Opens the account switcher (Instagram's "Switch accounts"). */
  onSwitchAccounts: () => void;
}

const menuItem =
  'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2.5 text-sm outline-none select-none data-highlighted:bg-neutral-100';

export function AccountMenu({ profile, active, onSignOut, onSwitchAccounts }: AccountMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        className={`${iconButton} data-[state=open]:bg-neutral-100`}
      >
        <span className={`rounded-full p-[2px] ${active ? 'ring-2 ring-neutral-900' : ''}`}>
          <Avatar name={profile.username} src={profile.avatar_url} size={24} />
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-48 rounded-xl border border-line bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="truncate px-3 py-1.5 text-xs text-muted">
            {profile.username}
          </DropdownMenu.Label>
          <DropdownMenu.Item asChild className={menuItem}>
            <Link to={pagePaths.profile.to(profile.username)}>
              <UserRound aria-hidden className="size-4" />
              Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItem} onSelect={onSwitchAccounts}>
            <ArrowLeftRight aria-hidden className="size-4" />
            Switch accounts
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={menuItem} onSelect={onSignOut}>
            <LogOut aria-hidden className="size-4" />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
