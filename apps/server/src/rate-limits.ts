/**
 * Every rate limit in one place. Counters live in each instance's memory: with N instances a
 * client may get up to N times these numbers (see docs/operations.md).
 */
export const rateLimits = {
  signUp: { max: 5, timeWindow: 30 * 60 * 1000 },
  upload: { max: 30, timeWindow: 30 * 60 * 1000 },
  comment: { max: 60, timeWindow: 60 * 1000 },
  /** Messages one person sends: a burst of shares, a quick exchange, never a flood. */
  directMessages: { max: 60, timeWindow: 60 * 1000 },
  /** Failed sign-ins per IP and email, and per IP alone. */
  signInFailuresPerAccount: { max: 10, windowMs: 60 * 1000 },
  signInFailuresPerIp: { max: 25, windowMs: 5 * 60 * 1000 },
  /** Password-reset requests per client address: past it, 429. */
  passwordResetPerAddress: { max: 5, timeWindow: 15 * 60 * 1000 },
  /**
   * Reset emails per account, counted in the database (so across instances and restarts): past
   * it the request still answers 202 and nothing is sent, so the answer tells nothing.
   */
  passwordResetPerAccount: { max: 3, windowMs: 60 * 60 * 1000 },
  /**
   * Open `GET /api/events` streams at once: one per tab is normal (browsers allow six connections
   * per site over HTTP/1.1); an office behind one address has many people.
   */
  eventStreams: { perAccount: 10, perIp: 50 },
  /**
   * Activities one remote server delivers to our inboxes (counted once their signature verified),
   * and inbox posts from one address whose signature did not: past either, 429 with Retry-After.
   */
  federationInboxPerServer: { max: 300, windowMs: 5 * 60 * 1000 },
  federationUnverifiedPerAddress: { max: 300, windowMs: 5 * 60 * 1000 },
} as const;
