import { pagePaths } from '@pinhole/contracts';
import { Compass, House, MessageCircle, SquarePlus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { useUnreadMessages } from '@/domain/messages/unread-messages';
import { useAuth } from '@/lib/auth/use-auth';
import { useMounted } from '@/lib/use-mounted';
import { usePageLocation } from '@/lib/overlay-location';
import { LazySearchBox } from '@/features/search/components/lazy-search-box';
import { iconButton } from './icon-button';
import { NotificationsHeart } from './notifications-heart';

// Radix's menu (with its positioning and focus code, a fifth of the first script) is only for
// people signed in, and only once they click: it loads beside the first screen, not inside it.
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

interface HeaderProps {
  onCreate: () => void;
  onSignIn: () => void;
  onSignOut: () => void;
  onSwitchAccounts: () => void;
  /** The reader is about to use the header: a chance to fetch what its buttons open. */
  onIntent?: () => void;
}

export function Header({ onCreate, onSignIn, onSignOut, onSwitchAccounts, onIntent }: HeaderProps) {
  // Signed in with a loaded profile: the avatar menu replaces the Sign In button.
  const { profile } = useAuth();
  const unreadMessages = useUnreadMessages();
  // With a post open over a page, the page underneath is where the reader is.
  const { pathname } = usePageLocation();
  const atHome = pathname === pagePaths.home.to();
  const atExplore = pathname === pagePaths.explore.to();
  const ownProfile = profile ? pagePaths.profile.to(profile.username) : null;
  const atOwnProfile =
    ownProfile !== null && (pathname === ownProfile || pathname.startsWith(`${ownProfile}/`));
  const mounted = useMounted();
  // The same box and avatar as the menu's trigger, so nothing moves when it loads; also what the
  // server draws (the menu's code loads in the browser).
  const menuStandIn = profile && (
    <span aria-hidden className={iconButton}>
      <span className="rounded-full p-[2px]">
        <Avatar name={profile.username} src={profile.avatar_url} size={24} />
      </span>
    </span>
  );

  return (
    <header
      onPointerOver={onIntent}
      onTouchStart={onIntent}
      onFocus={onIntent}
      className="sticky top-0 z-30 border-b border-line bg-white"
    >
      <div className="mx-auto flex max-w-[975px] flex-wrap items-center gap-x-2 px-3 py-1.5 sm:h-[60px] sm:flex-nowrap sm:gap-x-4 sm:px-5 sm:py-0">
        {/* As wide as the brand font draws the name: in the fallback font, shown until the brand
            font arrives, it is wider and pushed the buttons onto a second row on a phone, and the
            whole page moved up when the font came (a layout shift of 0.05). */}
        <Link
          to={pagePaths.home.to()}
          className="flex h-11 w-[92px] shrink-0 items-center overflow-hidden px-1 font-brand text-[32px] leading-none whitespace-nowrap"
        >
          Pinhole
        </Link>
        <LazySearchBox
          // `/explore` puts the box above its grid on phones; wide screens keep it here.
          className={`order-last mb-1.5 w-full sm:order-none sm:mx-auto sm:mb-0 sm:w-[268px] ${atExplore ? 'max-sm:hidden' : ''}`}
        />
        <nav aria-label="Main" className="ml-auto flex items-center gap-0.5 sm:ml-0 sm:gap-2">
          <Link
            to={pagePaths.home.to()}
            aria-label="Home"
            aria-current={atHome ? 'page' : undefined}
            className={iconButton}
          >
            <House aria-hidden className="size-6" strokeWidth={atHome ? 2.5 : 2} />
          </Link>
          {/* Instagram's compass: without it `/explore` was reachable only by typing it. */}
          <Link
            to={pagePaths.explore.to()}
            aria-label="Explore"
            aria-current={atExplore ? 'page' : undefined}
            className={iconButton}
          >
            <Compass aria-hidden className="size-6" strokeWidth={atExplore ? 2.5 : 2} />
          </Link>
          {/* Signed out on a phone the compass takes its room: there are no messages to read, and
              six icons and Sign In do not fit 390 px. */}
          <Link
            to={pagePaths.directInbox.to()}
            aria-label={unreadMessages > 0 ? `Messages, ${unreadMessages} unread` : 'Messages'}
            className={`${iconButton} relative ${profile ? '' : 'max-sm:hidden'}`}
          >
            <MessageCircle aria-hidden className="size-6" />
            {unreadMessages > 0 ? (
              <span
                data-testid="messages-badge"
                className="absolute top-1 right-1 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-semibold text-white"
              >
                {unreadMessages > 9 ? '9+' : unreadMessages}
              </span>
            ) : null}
          </Link>
          <NotificationsHeart onSignIn={onSignIn} />
          <button type="button" aria-label="Create post" onClick={onCreate} className={iconButton}>
            <SquarePlus aria-hidden className="size-6" />
          </button>
          {profile ? (
            mounted ? (
              <Suspense fallback={menuStandIn}>
                <AccountMenu
                  profile={profile}
                  active={atOwnProfile}
                  onSignOut={onSignOut}
                  onSwitchAccounts={onSwitchAccounts}
                />
              </Suspense>
            ) : (
              menuStandIn
            )
          ) : (
            <Button onClick={onSignIn} className="ml-1 shrink-0 whitespace-nowrap">
              Sign In
            </Button>
          )}
        </nav>
      </div>
    </header>
  );
}
