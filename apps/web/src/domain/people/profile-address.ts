import { limits, reservedUsernames, usernamePattern } from '@pinhole/contracts';

/** Who a profile address names, and whether it is the way the app writes that address. */
export interface AddressedPerson {
  /** As the API knows them: `alice`, or `alice@photos.example` for someone of another server. */
  username: string;
  /** False for `/@alice` and `/alice@photos.example`: the page moves to `/alice`, `/@alice@…`. */
  canonical: boolean;
}

// Names other servers give their people (Mastodon: letters, digits, `_`, inner `.` and `-`).
const remoteUserPattern = /^[a-z0-9._-]+$/;
// A DNS name (at least one dot, or a single label for test rigs) with an optional port.
const hostPattern = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/;
const remoteUserMaxLength = 64;
const hostMaxLength = 253;

function isLocalUsername(name: string): boolean {
  return (
    name.length <= limits.usernameMaxLength &&
    usernamePattern.test(name) &&
    !reservedUsernames.has(name)
  );
}

function isRemoteUsername(user: string, host: string): boolean {
  return (
    user.length > 0 &&
    user.length <= remoteUserMaxLength &&
    remoteUserPattern.test(user) &&
    host.length <= hostMaxLength &&
    hostPattern.test(host)
  );
}

/**
 * The person a profile address's first segment (`alice`, `@alice`, `@alice@photos.example`,
 * `alice@photos.example`) names, or null when it cannot name anyone: such addresses are not found
 * without asking the server. The server compares names without case, so they are lowercased.
 */
export function personOfAddress(segment: string): AddressedPerson | null {
  const name = segment.toLowerCase();
  const withSigil = name.startsWith('@');
  const parts = (withSigil ? name.slice(1) : name).split('@');
  if (parts.length === 1) {
    const [user = ''] = parts;
    return isLocalUsername(user) ? { username: user, canonical: !withSigil } : null;
  }
  const [user = '', host = '', ...rest] = parts;
  if (rest.length > 0 || !isRemoteUsername(user, host)) return null;
  return { username: `${user}@${host}`, canonical: withSigil };
}
