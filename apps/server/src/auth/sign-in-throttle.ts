/**
 * Counts failed sign-ins in sliding windows, per IP+email and per IP, in this process's memory
 * (per instance when several run; see docs/operations.md). Only failures count, so a person who
 * types their password right is never slowed down by others' mistakes on the same network.
 */
export interface ThrottleRule {
  max: number;
  windowMs: number;
}

const maxTrackedKeys = 100_000;

export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly perAccount: ThrottleRule,
    private readonly perIp: ThrottleRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before another attempt is allowed, or 0 when it may go ahead. */
  retryAfterSeconds(ip: string, email: string): number {
    return Math.max(
      this.wait(`a:${ip}:${email}`, this.perAccount),
      this.wait(`i:${ip}`, this.perIp),
    );
  }

  recordFailure(ip: string, email: string): void {
    this.push(`a:${ip}:${email}`, this.perAccount);
    this.push(`i:${ip}`, this.perIp);
  }

  recordSuccess(ip: string, email: string): void {
    this.failures.delete(`a:${ip}:${email}`);
  }

  private recent(key: string, rule: ThrottleRule): number[] {
    const cutoff = this.now() - rule.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((time) => time > cutoff);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  private wait(key: string, rule: ThrottleRule): number {
    const recent = this.recent(key, rule);
    if (recent.length < rule.max) return 0;
    const oldest = recent[recent.length - rule.max] ?? this.now();
    return Math.max(1, Math.ceil((oldest + rule.windowMs - this.now()) / 1000));
  }

  private push(key: string, rule: ThrottleRule): void {
    const recent = this.recent(key, rule);
    recent.push(this.now());
    this.failures.set(key, recent.slice(-rule.max));
    // Bounded memory under a spray of addresses: forget the oldest keys first.
    while (this.failures.size > maxTrackedKeys) {
      const oldestKey = this.failures.keys().next().value;
      if (oldestKey === undefined) break;
      this.failures.delete(oldestKey);
    }
  }
}
