import type { RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { authMessages } from '@planning/shared';
import { HttpError } from './errors';

export class TooManyRequestsError extends HttpError {
  constructor(retryAfterSeconds: number) {
    super(429, authMessages.tooManyRequests, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}

export type AttemptKeys = { ip: string; email?: string };

export type AttemptLimiter = {
  /** Throws TooManyRequestsError when a key has used up its attempts; counts nothing. */
  check(keys: AttemptKeys): Promise<void>;
  /** Counts an attempt against every key (a failed sign-in, a sign-up, a reset request). */
  count(keys: AttemptKeys): Promise<void>;
};

/**
 * Per-IP and per-account attempt limits, checked before any password is hashed so a flood costs
 * us nothing. Sign-in counts failures only, so a council office behind one address is not locked
 * out by its own staff signing in at nine. In memory per process; a shared store (Redis,
 * PostgreSQL) slots in for scale-out.
 */
export function createAttemptLimiter(limits: {
  perIp: number;
  perEmail: number;
  windowSeconds: number;
}): AttemptLimiter {
  const byIp = new RateLimiterMemory({
    keyPrefix: 'ip',
    points: limits.perIp,
    duration: limits.windowSeconds,
  });
  const byEmail = new RateLimiterMemory({
    keyPrefix: 'email',
    points: limits.perEmail,
    duration: limits.windowSeconds,
  });
  const pairs = (keys: AttemptKeys) =>
    [[byIp, keys.ip], ...(keys.email ? [[byEmail, keys.email] as const] : [])] as const;

  return {
    check: async (keys) => {
      for (const [limiter, key] of pairs(keys)) {
        const state = await limiter.get(key);
        if (state && state.remainingPoints <= 0) throw new TooManyRequestsError(retryAfter(state));
      }
    },
    count: async (keys) => {
      for (const [limiter, key] of pairs(keys)) {
        await limiter.penalty(key, 1);
      }
    },
  };
}

function retryAfter(state: RateLimiterRes): number {
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
}
