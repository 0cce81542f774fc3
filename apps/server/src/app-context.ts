import type { Infrastructure } from './context';
import type { RemoteLookup } from './federation/remote-lookup';
import type { Services } from './services/services';

/**
 * Everything a request may need, built once at start and handed to routes. Apart from context.ts,
 * which the services import: the context of a request sits above the services, not beside them.
 */
export interface AppContext extends Infrastructure {
  services: Services;
  /** Finds people of other servers; set when federation is on (federation.plugin.ts). */
  remoteLookup?: RemoteLookup;
}
