import { useAuth } from '@/lib/auth/use-auth';
import { AccountLinks, AccountPage } from '@/features/account/components/account-page';
import { ProfileForm } from '@/features/account/components/profile-form';
import { PrivacySettings } from '@/features/privacy/components/privacy-settings';

/** `/accounts/edit`: photo, name, username, bio, website, privacy, and the other settings. */
export function AccountEditRoute() {
  const { profile } = useAuth();
  return (
    <AccountPage title="Edit profile">
      {profile && <ProfileForm key={profile.id} profile={profile} />}
      <PrivacySettings />
      <AccountLinks />
    </AccountPage>
  );
}

// What the router's lazy import takes (see router.tsx).
export default AccountEditRoute;
