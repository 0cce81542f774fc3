/**
 * Socket-level error codes: the other end (PostgreSQL, the object store, a network file system)
 * is down, restarting, unreachable, or dropped the connection.
 */
export const networkErrorCodes: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
