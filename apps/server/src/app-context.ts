import type { Federation } from '@fedify/fedify';
import type { Infrastructure } from './context';
import type { DatabaseMessageQueue } from './federation/message-queue';
import type { RemoteLookup } from './federation/remote-lookup';
import type { Services } from './services/services';

/**
 * Everything a request may need, built once at start and handed to routes. Apart from context.ts,
 * which the services import: the context of a request sits above the services, not beside them.
 */
export interface AppContext extends Infrastructure {
  services: Services;
  /** Fedify's federation and its queue, when federation is on (federation/federation-door.ts). */
  federation?: { fedify: Federation<void>; queue: DatabaseMessageQueue };
  /** Finds people of other servers, when federation is on. */
  remoteLookup?: RemoteLookup;
}
