import dns from 'node:dns/promises';
import net from 'node:net';
import { isPrivateAddress } from '../private-addresses';

/**
 * Why the server must not send to this endpoint, or null when it may: an endpoint is a URL any
 * signed-in person chooses, and the server posts to it, so it must be https and reach only the
 * public internet (never this machine or its private network). `allowPrivate` is for tests,
 * whose push service listens on loopback.
 */
export async function refusedEndpoint(
  endpoint: string,
  allowPrivate: boolean,
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Must be a URL';
  }
  if (allowPrivate)
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'Must be https';
  if (url.protocol !== 'https:') return 'Must be https';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = net.isIP(host)
      ? [host]
      : (await dns.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    return 'Must be a reachable push service';
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    return 'Must not be a private address';
  }
  return null;
}
