/**
 * Token buckets in memory, one per key: `capacity` tokens, refilled at `refillPerSecond`. For limits on
 * cheap, high-volume calls (telemetry) where a database row per request would itself be the load. Bounded:
 * past `maxKeys`, the least recently used buckets are forgotten (a forgotten bucket starts full again).
 */
export interface BucketPolicy {
  capacity: number;
  refillPerSecond: number;
}

export class TokenBuckets {
  readonly #policy: BucketPolicy;
  readonly #maxKeys: number;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(policy: BucketPolicy, maxKeys = 50_000) {
    this.#policy = policy;
    this.#maxKeys = maxKeys;
  }

  /** Takes `cost` tokens when the bucket holds them; otherwise takes none and says how long until it will. */
  take(key: string, cost: number, now: number): { ok: true } | { ok: false; retryAfterMs: number } {
    const { capacity, refillPerSecond } = this.#policy;
    const b = this.#buckets.get(key) ?? { tokens: capacity, at: now };
    this.#buckets.delete(key);
    b.tokens = Math.min(capacity, b.tokens + (Math.max(0, now - b.at) / 1000) * refillPerSecond);
    b.at = now;
    this.#buckets.set(key, b);
    if (this.#buckets.size > this.#maxKeys) {
      const oldest = this.#buckets.keys().next().value;
      if (oldest !== undefined) this.#buckets.delete(oldest);
    }
    if (cost <= b.tokens) {
      b.tokens -= cost;
      return { ok: true };
    }
    const missing = Math.min(cost, capacity) - b.tokens;
    return { ok: false, retryAfterMs: Math.ceil((missing / refillPerSecond) * 1000) };
  }
}
