/**
 * Token buckets for /api/telemetry, in this process's memory. This is load shedding for one
 * server instance, not an account of a client across instances: the rows themselves are shared
 * through the database anyway, and several instances each shed their own share of a flood.
 * Each event costs one token; a bucket refills continuously up to its capacity.
 */
export type BucketRule = { capacity: number; refillPerSecond: number };

type Bucket = { tokens: number; at: number };

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly rule: BucketRule,
    /** Most keys remembered; full (idle) buckets are forgotten first, then the oldest. */
    private readonly maxKeys = 10_000,
  ) {}

  private bucket(key: string, now: number): Bucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.maxKeys) this.forget(now);
      bucket = { tokens: this.rule.capacity, at: now };
      this.buckets.set(key, bucket);
      return bucket;
    }
    const elapsed = Math.max(0, now - bucket.at) / 1000;
    bucket.tokens = Math.min(this.rule.capacity, bucket.tokens + elapsed * this.rule.refillPerSecond);
    bucket.at = now;
    return bucket;
  }

  private forget(now: number) {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.rule.refillPerSecond >= this.rule.capacity)
        this.buckets.delete(key);
    }
    // Still full: drop the oldest tenth (Map iterates in insertion order).
    if (this.buckets.size >= this.maxKeys) {
      let drop = Math.ceil(this.maxKeys / 10);
      for (const key of this.buckets.keys()) {
        if (drop-- <= 0) break;
        this.buckets.delete(key);
      }
    }
  }

  /** Tokens available now. */
  available(key: string, now: number): number {
    return this.bucket(key, now).tokens;
  }

  /** Takes `cost` tokens if there are that many; otherwise takes nothing. */
  take(key: string, cost: number, now: number): boolean {
    const bucket = this.bucket(key, now);
    if (bucket.tokens < cost) return false;
    bucket.tokens -= cost;
    return true;
  }

  /** Whole seconds until `cost` tokens will be there (at least 1). */
  secondsUntil(key: string, cost: number, now: number): number {
    const bucket = this.bucket(key, now);
    const missing = Math.max(0, Math.min(cost, this.rule.capacity) - bucket.tokens);
    return Math.max(1, Math.ceil(missing / this.rule.refillPerSecond));
  }

  get size(): number {
    return this.buckets.size;
  }
}

/** One address may burst a page's worth of events, then about one a second. */
export const PER_ADDRESS: BucketRule = { capacity: 60, refillPerSecond: 1 };
/** Everyone together: what this instance writes at most, whatever the number of addresses. */
export const GLOBAL: BucketRule = { capacity: 500, refillPerSecond: 50 };

export type LimitVerdict = { ok: true } | { ok: false; retryAfter: number; scope: 'address' | 'global' };

export class TelemetryLimiter {
  private readonly perAddress: TokenBuckets;
  private readonly global: TokenBuckets;

  constructor(rules: { perAddress?: BucketRule; global?: BucketRule; maxAddresses?: number } = {}) {
    this.perAddress = new TokenBuckets(rules.perAddress ?? PER_ADDRESS, rules.maxAddresses);
    this.global = new TokenBuckets(rules.global ?? GLOBAL, 1);
  }

  /** Before the body is read: is there room for at least one event? (Takes nothing.) */
  admit(address: string, now = Date.now()): LimitVerdict {
    return this.check(address, 1, now, false);
  }

  /** Takes `events` tokens from both buckets, or from neither. */
  charge(address: string, events: number, now = Date.now()): LimitVerdict {
    return this.check(address, events, now, true);
  }

  private check(address: string, cost: number, now: number, take: boolean): LimitVerdict {
    if (this.perAddress.available(address, now) < cost)
      return { ok: false, scope: 'address', retryAfter: this.perAddress.secondsUntil(address, cost, now) };
    if (this.global.available('*', now) < cost)
      return { ok: false, scope: 'global', retryAfter: this.global.secondsUntil('*', cost, now) };
    if (take) {
      this.perAddress.take(address, cost, now);
      this.global.take('*', cost, now);
    }
    return { ok: true };
  }
}
