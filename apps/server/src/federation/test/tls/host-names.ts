import dns from 'node:dns';
import tls from 'node:tls';

/** The variable a child process reads its host names from (JSON: name → IPv4 address). */
export const hostNamesVariable = 'PINHOLE_TEST_HOSTS';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * Makes `dns.lookup` answer the given names (e.g. a.pinhole.test → 127.0.0.2) in this process,
 * without /etc/hosts: net and tls (and so fetch) look names up through it. Other names go to the
 * system as before. Returns the undo.
 */
export function resolveHostNames(names: Record<string, string>): () => void {
  const table = new Map(Object.entries(names).map(([name, ip]) => [name.toLowerCase(), ip]));
  const original = dns.lookup;
  const lookup = (
    hostname: string,
    options: number | dns.LookupOptions | LookupCallback,
    callback?: LookupCallback,
  ): void => {
    const done = (typeof options === 'function' ? options : callback) as LookupCallback;
    const settings = typeof options === 'object' ? options : {};
    const address = table.get(String(hostname).toLowerCase());
    if (address === undefined) {
      (original as (...args: unknown[]) => void).call(dns, hostname, options, callback);
      return;
    }
    // net asks for every address (`all`) when it may try IPv4 and IPv6 in turn.
    if (settings.all) process.nextTick(done, null, [{ address, family: 4 }]);
    else process.nextTick(done, null, address, 4);
  };
  dns.lookup = lookup as typeof dns.lookup;
  return () => {
    dns.lookup = original;
  };
}

/**
 * Trusts a private CA in this process, beside the system's, as NODE_EXTRA_CA_CERTS does at a
 * process's start (which is too late for a test worker already running). Returns the undo.
 */
export function trustCertificateAuthority(caPem: string): () => void {
  if (typeof tls.setDefaultCACertificates !== 'function') {
    throw new Error(`the TLS rig needs Node 22.19 or later (this is ${process.version})`);
  }
  const before = tls.getCACertificates('default');
  tls.setDefaultCACertificates([...before, caPem]);
  return () => tls.setDefaultCACertificates(before);
}
