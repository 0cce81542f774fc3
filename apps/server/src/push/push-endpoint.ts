import dns from 'node:dns/promises';
import net from 'node:net';

/** Addresses a push endpoint may not reach: this machine, its networks, link-local, multicast. */
const privateRanges = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privateRanges.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(address, prefix, 'ipv6');
}

function isPrivate(address: string): boolean {
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return privateRanges.check(mapped, 'ipv4');
  return privateRanges.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}

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
  if (addresses.length === 0 || addresses.some(isPrivate)) {
    return 'Must not be a private address';
  }
  return null;
}
