import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RequestOptions, TestResponse } from '../../../test/harness';
import { requestTo } from '../../../test/harness';
import { ReferencePeer } from '../reference-peer';
import type { Certificates } from './certificates';
import { makeCertificates } from './certificates';
import { hostNamesVariable, resolveHostNames, trustCertificateAuthority } from './host-names';
import { InstanceProcess } from './instance-process';
import type { TlsProxy, UnavailableFront } from './tls-proxy';
import { startTlsProxy, startUnavailableFront } from './tls-proxy';

export interface RigOptions {
  /** Short names: `a` is Pinhole at https://a.pinhole.test. */
  instances: readonly string[];
  /**
   * The loopback address each listens on (port 443), and the peer's (`peer`). Test files that
   * run at the same time give each other different addresses.
   */
  addresses: Record<string, string> & { peer: string };
  /** More environment for every instance. */
  env?: Record<string, string>;
}

export interface RigInstance {
  name: string;
  host: string;
  /** https://<name>.pinhole.test */
  origin: string;
  /** Its HTTP API through its TLS proxy, as a browser or app reaches it. */
  request(pathname: string, init?: RequestOptions): Promise<TestResponse>;
  /** Stops the process (SIGTERM) and starts it again on the same data. */
  restart(): Promise<void>;
  /** What the process printed last. */
  output(): string;
}

export interface PeerOutage {
  /** Requests that reached the peer's address while it was away (answered 503). */
  attempts(): number;
  /** The peer answers again, with everything it had received before. */
  end(): Promise<void>;
}

export interface FederationRig {
  instances: RigInstance[];
  instance(name: string): RigInstance;
  /** The reference peer at https://peer.test, its HTTPS server on the peer address. */
  peer: ReferencePeer;
  /** The peer goes away: its address answers 503 to everyone until `end()`. */
  takePeerDown(): Promise<PeerOutage>;
  /** Stops everything; throws if an instance had crashed meanwhile (with its output). */
  stop(): Promise<void>;
}

/**
 * The addresses on this run's own loopback net: CI runs these files on two Node lines at the same
 * time (`.ci/node-leg.sh` sets TEST_LOOPBACK_NET), and both would listen on 127.0.0.x:443.
 */
function onThisRunsNet<T extends Record<string, string>>(addresses: T): T {
  const net = process.env.TEST_LOOPBACK_NET;
  if (!net) return addresses;
  return Object.fromEntries(
    Object.entries(addresses).map(([name, address]) => [
      name,
      address.replace(/^127\.0\./, `127.${net}.`),
    ]),
  ) as T;
}

export const peerHost = 'peer.test';
export const instanceHost = (name: string) => `${name}.pinhole.test`;

/**
 * Pinhole instances as child processes, each behind its own TLS proxy under its own host name,
 * and the reference peer, all on loopback with a throwaway CA that every process trusts. The
 * test process resolves the names and trusts the CA until `stop()`.
 */
export async function startFederationRig(given: RigOptions): Promise<FederationRig> {
  const options = { ...given, addresses: onThisRunsNet(given.addresses) };
  const hosts = options.instances.map(instanceHost);
  const names: Record<string, string> = { [peerHost]: options.addresses.peer };
  options.instances.forEach((name, index) => {
    const address = options.addresses[name];
    if (!address) throw new Error(`no address for instance ${name}`);
    names[hosts[index]!] = address;
  });

  const undo: (() => Promise<void> | void)[] = [];
  const processes: InstanceProcess[] = [];
  const stopAll = async () => {
    for (const step of undo.reverse()) {
      try {
        await step();
      } catch {
        // the rest is cleaned up all the same
      }
    }
    undo.length = 0;
  };
  // A worker that dies without its afterAll leaves no Pinhole behind.
  const killOnExit = () => {
    for (const instance of processes) void instance.kill();
  };
  process.once('exit', killOnExit);
  undo.push(() => void process.off('exit', killOnExit));

  try {
    const certificates: Certificates = await makeCertificates([...hosts, peerHost]);
    undo.push(() => certificates.remove());
    undo.push(resolveHostNames(names));
    undo.push(trustCertificateAuthority(certificates.caPem));

    const peer = new ReferencePeer(peerHost, {
      address: options.addresses.peer,
      certificate: certificates.forHost(peerHost),
    });
    await peer.start();
    undo.push(() => peer.stop());

    // Every start is waited for, so that none is still starting when a failed one cleans up.
    const started = await Promise.allSettled(
      options.instances.map(async (name, index) => {
        const host = hosts[index]!;
        const origin = `https://${host}`;
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pinhole-rig-${name}-`));
        undo.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
        const child = new InstanceProcess(name, {
          dataDir,
          env: {
            PUBLIC_URL: origin,
            TRUST_PROXY: 'true',
            FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
            NODE_EXTRA_CA_CERTS: certificates.caFile,
            // Every person of a test signs up from the one loopback address.
            RATE_LIMITS: 'false',
            [hostNamesVariable]: JSON.stringify(names),
            ...options.env,
          },
        });
        processes.push(child);
        undo.push(() => child.kill());
        const proxy: TlsProxy = await startTlsProxy(
          names[host]!,
          certificates.forHost(host),
          () => child.port,
        );
        undo.push(() => proxy.close());
        await child.start();
        const request = requestTo(origin);
        const instance: RigInstance = {
          name,
          host,
          origin,
          async request(pathname, init) {
            child.check();
            return request(pathname, init);
          },
          restart: () => child.restart(),
          output: () => child.output(),
        };
        return instance;
      }),
    );
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const instances = started.map(
      (result) => (result as PromiseFulfilledResult<RigInstance>).value,
    );

    return {
      instances,
      instance(name) {
        const found = instances.find((instance) => instance.name === name);
        if (!found) throw new Error(`no instance ${name}`);
        return found;
      },
      peer,
      async takePeerDown() {
        await peer.stop();
        const front: UnavailableFront = await startUnavailableFront(
          options.addresses.peer,
          certificates.forHost(peerHost),
        );
        const close = () => front.close();
        undo.push(close);
        return {
          attempts: () => front.attempts(),
          async end() {
            undo.splice(undo.indexOf(close), 1);
            await front.close();
            await peer.start();
          },
        };
      },
      async stop() {
        const crashes = processes.flatMap((instance) => {
          try {
            instance.check();
            return [];
          } catch (error) {
            return [error];
          }
        });
        await stopAll();
        if (crashes.length > 0) throw crashes[0];
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
