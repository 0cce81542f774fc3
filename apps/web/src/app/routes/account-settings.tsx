import { AccountPage } from '@/features/account/components/account-page';
import { DeleteAccountForm } from '@/features/account/components/delete-account-form';
import { ImportArchive } from '@/features/account/components/import-archive';
import { PasswordForm } from '@/features/account/components/password-form';
import { BlockedList } from '@/features/safety/components/blocked-list';
import { PushSettings } from '@/features/push/components/push-settings';
import { SessionsList } from '@/features/account/components/sessions-list';

export function PasswordRoute() {
  return (
    <AccountPage title="Change password">
      <PasswordForm />
    </AccountPage>
  );
}

export function SessionsRoute() {
  return (
    <AccountPage title="Where you're signed in">
      <SessionsList />
    </AccountPage>
  );
}

export function DeleteAccountRoute() {
  return (
    <AccountPage title="Delete account">
      <DeleteAccountForm />
    </AccountPage>
  );
}

export function ImportRoute() {
  return (
    <AccountPage title="Import posts">
      <ImportArchive />
    </AccountPage>
  );
}

export function BlockedRoute() {
  return (
    <AccountPage title="Blocked accounts">
      <BlockedList />
    </AccountPage>
  );
}

export function NotificationSettingsRoute() {
  return (
    <AccountPage title="Notifications">
      <PushSettings />
    </AccountPage>
  );
}
