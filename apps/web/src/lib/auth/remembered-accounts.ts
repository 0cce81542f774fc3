/**
 * The accounts signed in on this device, for the account switcher (Instagram's): remembered in
 * localStorage, most recent first. Only what the switcher shows: the username and picture. No
 * email, password or token is kept (a shared phone must not hand the next person anyone's
 * address), so switching to another account signs in again by its username.
 */
export interface RememberedAccount {
  username: string;
  avatar_url: string | null;
}

const storageKey = 'pinhole:accounts';
/** Instagram's switcher holds a handful; more would be a list of strangers on a shared device. */
const maxAccounts = 5;

/** Keeps only the switcher's fields: what an older version stored beside them (emails) goes. */
function toAccount(value: unknown): RememberedAccount | null {
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Record<string, unknown>;
  if (typeof entry.username !== 'string') return null;
  return {
    username: entry.username,
    avatar_url: typeof entry.avatar_url === 'string' ? entry.avatar_url : null,
  };
}

export function readRememberedAccounts(): RememberedAccount[] {
  try {
    const stored = window.localStorage.getItem(storageKey);
    if (stored === null) return [];
    const parsed: unknown = JSON.parse(stored);
    const accounts = Array.isArray(parsed)
      ? parsed.map(toAccount).filter((account) => account !== null)
      : [];
    // Written back at once when anything was dropped, so no older email outlives this read.
    if (JSON.stringify(accounts) !== stored) write(accounts);
    return accounts;
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

/** The account now signed in goes first; its picture may have changed since. */
export function rememberAccount(account: RememberedAccount): void {
  const known = readRememberedAccounts();
  const next = [
    { username: account.username, avatar_url: account.avatar_url },
    ...known.filter((other) => other.username !== account.username),
  ];
  if (JSON.stringify(next) !== JSON.stringify(known)) write(next);
}
