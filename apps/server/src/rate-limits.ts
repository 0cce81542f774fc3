/**
 * Every rate limit in one place. Counters live in each instance's memory: with N instances a
 * client may get up to N times these numbers (see docs/operations.md).
 */
export const rateLimits = {
  signUp: { max: 5, timeWindow: 30 * 60 * 1000 },
  upload: { max: 30, timeWindow: 30 * 60 * 1000 },
  comment: { max: 60, timeWindow: 60 * 1000 },
  /** Failed sign-ins per IP and email, and per IP alone. */
  signInFailuresPerAccount: { max: 10, windowMs: 60 * 1000 },
  signInFailuresPerIp: { max: 25, windowMs: 5 * 60 * 1000 },
  /**
   * Open `GET /api/events` streams at once: one per tab is normal (browsers allow six connections
   * per site over HTTP/1.1); an office behind one address has many people.
   */
  eventStreams: { perAccount: 10, perIp: 50 },
} as const;
