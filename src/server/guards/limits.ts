/** Request-rate limits: a token bucket per key (client address, account, socket). */
export interface RateLimit {
  /** Tokens added per second. */
  readonly perSecond: number;
  /** Bucket size: the largest burst allowed. */
  readonly burst: number;
}

export interface Limiter {
  /** Takes one token; false when the key is over its rate. */
  take(key: string, now: number): boolean;
}

export function limiter(limit: RateLimit): Limiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  let sweptAt = 0;
  return {
    take(key, now) {
      if (now - sweptAt > 60_000) {
        // Forget keys that have been idle long enough to be full again.
        sweptAt = now;
        const idle = (limit.burst / limit.perSecond) * 1000;
        for (const [k, b] of buckets) if (now - b.at > idle) buckets.delete(k);
      }
      const bucket = buckets.get(key) ?? { tokens: limit.burst, at: now };
      bucket.tokens = Math.min(limit.burst, bucket.tokens + ((now - bucket.at) / 1000) * limit.perSecond);
      bucket.at = now;
      buckets.set(key, bucket);
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
  };
}
