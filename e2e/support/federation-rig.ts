import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server tests' two-instance TLS rig (apps/server/src/federation/test/tls/rig.ts), for
 * journeys across servers. Loaded by path at run time: the server's sources type-check against
 * Node's WebCrypto types, which this project's DOM library contradicts, so only the few shapes a
 * journey uses are declared here.
 */
export interface RigInstance {
  host: string;
  origin: string;
  request(
    pathname: string,
    init?: { method?: string; json?: unknown; body?: FormData; token?: string },
  ): Promise<{ status: number; body: any; text: string }>;
}
/** The reference peer away: its address answers 503 to everyone until `end()`. */
export interface PeerOutage {
  attempts(): number;
  end(): Promise<void>;
}
export interface FederationRig {
  instance(name: string): RigInstance;
  takePeerDown(): Promise<PeerOutage>;
  stop(): Promise<void>;
}
export interface RigUser {
  id: string;
  token: string;
  /** `name=value` of the session cookie. */
  cookie: string;
  username: string;
}

const serverSrc = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/server/src',
);
const load = (file: string): Promise<any> => import(path.join(serverSrc, file));

export async function startFederationRig(options: {
  instances: readonly string[];
  addresses: Record<string, string> & { peer: string };
}): Promise<FederationRig> {
  const rig = await load('federation/test/tls/rig.ts');
  return rig.startFederationRig(options) as Promise<FederationRig>;
}

/** Signs someone up on an instance through its API (the server tests' `signUpUser`). */
export async function signUpOn(
  instance: RigInstance,
  overrides: Record<string, string>,
): Promise<RigUser> {
  const harness = await load('test/harness.ts');
  return harness.signUpUser(instance, overrides) as Promise<RigUser>;
}
