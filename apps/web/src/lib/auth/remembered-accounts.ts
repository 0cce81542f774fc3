/**
 * The accounts signed in on this device, for the account switcher (Instagram's): remembered in
 * localStorage, most recent first. Only what the switcher shows and what signing in asks for
 * (the email; a password or token is never kept). The server holds one session per browser, so
 * switching to another account signs in again with its email filled in.
 */
export interface RememberedAccount {
  username: string;
  avatar_url: string | null;
  email: string;
}

const storageKey = 'pinhole:accounts';
/** Instagram's switcher holds a handful; more would be a list of strangers on a shared device. */
const maxAccounts = 5;

function isAccount(value: unknown): value is RememberedAccount {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.username === 'string' &&
    typeof entry.email === 'string' &&
    (entry.avatar_url === null || typeof entry.avatar_url === 'string')
  );
}

export function readRememberedAccounts(): RememberedAccount[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isAccount) : [];
  } catch {
    // Storage refused (private mode) or a value of someone else's making: nothing remembered.
    return [];
  }
}

function write(accounts: RememberedAccount[]) {
  try {
    window.localStorage.setItem(storageKey, JSON.stringify(accounts.slice(0, maxAccounts)));
  } catch {
    // Full or refused storage only costs the switcher its list.
  }
}

/** The account now signed in goes first; its name or picture may have changed since. */
export function rememberAccount(account: RememberedAccount): void {
  const others = readRememberedAccounts().filter(
    (known) => known.username !== account.username && known.email !== account.email,
  );
  const next = [account, ...others];
  if (JSON.stringify(next) !== JSON.stringify(readRememberedAccounts())) write(next);
}
