import type { Profile } from '@pinhole/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { Bookmark, Grid3x3, SquareUser, type LucideIcon } from 'lucide-react';
import { useAuth } from '@/lib/auth/use-auth';
import { useProfile } from '@/features/profile/api/get-profile';
import { EmptyTab } from './empty-tab';
import { ProfileHeader } from './profile-header';
import { ProfilePostsGrid } from './profile-posts-grid';

const tabs: { value: string; label: string; icon: LucideIcon }[] = [
  { value: 'posts', label: 'POSTS', icon: Grid3x3 },
  { value: 'saved', label: 'SAVED', icon: Bookmark },
  { value: 'tagged', label: 'TAGGED', icon: SquareUser },
];

/** The signed-in reader's own profile. */
export function ProfileView() {
  const { profile } = useAuth();
  if (!profile) {
    return (
      <p className="px-4 py-20 text-center text-sm text-neutral-700">
        Please sign in to view your profile.
      </p>
    );
  }
  return <LoadedProfile known={profile} />;
}

function LoadedProfile({ known }: { known: Profile }) {
  // Fresh counts from the server; a failure keeps showing what the session knew.
  const { data } = useProfile(known);
  const profile = data ?? known;

  return (
    <div className="mx-auto w-full max-w-[935px] pt-6 sm:pt-8">
      <ProfileHeader profile={profile} />
      <Tabs.Root defaultValue="posts">
        <Tabs.List
          aria-label="Profile sections"
          className="flex justify-center gap-12 border-t border-line sm:gap-14"
        >
          {tabs.map(({ value, label, icon: Icon }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="-mt-px flex items-center gap-1.5 border-t border-transparent py-4 text-xs font-semibold tracking-widest text-muted data-[state=active]:border-neutral-900 data-[state=active]:text-neutral-900"
            >
              <Icon aria-hidden className="size-3.5" />
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="posts">
          <ProfilePostsGrid profileId={profile.id} />
        </Tabs.Content>
        <Tabs.Content value="saved">
          <EmptyTab
            icon={Bookmark}
            title="No Saved Posts"
            text="Save posts you want to see again."
          />
        </Tabs.Content>
        <Tabs.Content value="tagged">
          <EmptyTab
            icon={SquareUser}
            title="No Tagged Posts"
            text="When people tag you in photos, they'll appear here."
          />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
