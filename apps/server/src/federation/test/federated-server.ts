import type { TestDialect } from '../../test/harness';
import { disposeTestServer, startTestServer } from '../../test/harness';
import { HostRouter } from './host-router';

/** The public origin every in-process federation test serves Pinhole at. */
export const federatedOrigin = 'https://photos.example';

/**
 * Pinhole on a real database as `https://photos.example`, reached through the in-process host
 * router (which the test's peers join), with loopback peers allowed. `close()` undoes both.
 */
export async function startFederatedServer(dialect: TestDialect, env: Record<string, string> = {}) {
  const router = new HostRouter();
  router.install();
  const server = await startTestServer(dialect, {
    PUBLIC_URL: federatedOrigin,
    FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
    ...env,
  });
  router.route(new URL(federatedOrigin).host, server.url);
  return {
    router,
    server,
    async close() {
      await disposeTestServer(server);
      router.uninstall();
    },
  };
}
