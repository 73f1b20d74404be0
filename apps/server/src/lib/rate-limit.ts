import { createHash } from 'node:crypto';
import { CompiledQuery, type Kysely } from 'kysely';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from 'rate-limiter-flexible';
import { authMessages } from '@planning/shared';
import type { Database } from '../db/schema';
import { HttpError } from './errors';

export class TooManyRequestsError extends HttpError {
  constructor(retryAfterSeconds: number) {
    super(429, authMessages.tooManyRequests, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}

/**
 * Who is trying: the caller's IP address and, when the call names one, the account (see
 * `accountKey`). Kept only as SHA-256 hashes in the store.
 */
export type Attempt = { ip: string; account?: string };

/** A council's account by email: the same address at two councils is two accounts. */
export const accountKey = (tenantId: string, email: string) => `${tenantId}\u0000${email.toLowerCase()}`;

export type AttemptLimits = {
  perIp: number;
  /** Failures per account from one IP address (the pair); then 429 for that pair only. */
  perEmail: number;
  /** Failures per account from all addresses; then sign-in goes through an emailed link. */
  perAccount: number;
  windowSeconds: number;
};

export type AttemptLimiter = {
  /**
   * Before a password is checked: 429 when this IP, or this account from this IP, is out of
   * attempts. `locked` when the account has failed too often from everywhere: the caller must not
   * start a session, whatever the password.
   */
  checkSignIn(attempt: Attempt): Promise<{ locked: boolean }>;
  /** A wrong password: counts against the IP, the pair and the account. */
  countFailure(attempt: Attempt): Promise<void>;
  /** Calls that send email or create accounts count every time, against the IP and the account. */
  limitEmailCall(attempt: Attempt): Promise<void>;
  /** True once per window for a locked account: whether to email its owner a link now. */
  claimLockNotice(account: string): Promise<boolean>;
  /** After a completed password reset: the account's counters, and its pair with this IP, restart. */
  clearAccount(attempt: Required<Attempt>): Promise<void>;
  close(): Promise<void>;
};

export type AttemptStore =
  | { kind: 'memory' }
  | { kind: 'postgres'; db: Kysely<Database> }
  | {
      kind: 'redis';
      url: string;
      /** Told of connection trouble (ioredis emits it as 'error' events while it reconnects). */
      onError?: (error: Error) => void;
    };

/**
 * Attempt limits (decision 0007), checked before any password is hashed so a flood costs us
 * nothing. Sign-in counts failures only, so a council office behind one address is not locked out
 * by its own staff signing in at nine. The counters live where every server process sees them:
 * Redis when configured, else PostgreSQL (table `auth_attempts`); in memory only on the embedded
 * database, which is one process anyway.
 */
export async function createAttemptLimiter(
  limits: AttemptLimits,
  store: AttemptStore,
): Promise<AttemptLimiter> {
  const { make, close } = await storeOf(store);
  const duration = limits.windowSeconds;
  const byIp = make({ keyPrefix: 'ip', points: limits.perIp, duration });
  const byPair = make({ keyPrefix: 'pair', points: limits.perEmail, duration });
  const byAccount = make({ keyPrefix: 'account', points: limits.perAccount, duration });
  const mailsByAccount = make({ keyPrefix: 'mail', points: limits.perEmail, duration });
  const lockNotices = make({ keyPrefix: 'lock-notice', points: 1, duration });

  const ipKey = (attempt: Attempt) => hashed(attempt.ip);
  const pairKey = (attempt: Attempt & { account: string }) => hashed(attempt.account, attempt.ip);

  const refuseWhenSpent = async (limiter: RateLimiterAbstract, key: string) => {
    const state = await limiter.get(key);
    if (state && state.remainingPoints <= 0) throw new TooManyRequestsError(retryAfter(state));
  };
  const spent = async (limiter: RateLimiterAbstract, key: string) => {
    const state = await limiter.get(key);
    return Boolean(state && state.remainingPoints <= 0);
  };

  return {
    checkSignIn: async (attempt) => {
      await refuseWhenSpent(byIp, ipKey(attempt));
      if (!attempt.account) return { locked: false };
      await refuseWhenSpent(byPair, pairKey({ ...attempt, account: attempt.account }));
      return { locked: await spent(byAccount, hashed(attempt.account)) };
    },
    countFailure: async (attempt) => {
      await byIp.penalty(ipKey(attempt), 1);
      if (!attempt.account) return;
      await byPair.penalty(pairKey({ ...attempt, account: attempt.account }), 1);
      await byAccount.penalty(hashed(attempt.account), 1);
    },
    limitEmailCall: async (attempt) => {
      await refuseWhenSpent(byIp, ipKey(attempt));
      if (attempt.account) await refuseWhenSpent(mailsByAccount, hashed(attempt.account));
      await byIp.penalty(ipKey(attempt), 1);
      if (attempt.account) await mailsByAccount.penalty(hashed(attempt.account), 1);
    },
    claimLockNotice: async (account) => {
      const state = await lockNotices.penalty(hashed(account), 1);
      return state.consumedPoints <= 1;
    },
    clearAccount: async (attempt) => {
      await byAccount.delete(hashed(attempt.account));
      await byPair.delete(pairKey(attempt));
      await lockNotices.delete(hashed(attempt.account));
    },
    close,
  };
}

type LimiterOptions = { keyPrefix: string; points: number; duration: number };

async function storeOf(
  store: AttemptStore,
): Promise<{ make(options: LimiterOptions): RateLimiterAbstract; close(): Promise<void> }> {
  if (store.kind === 'memory') {
    return { make: (options) => new RateLimiterMemory(options), close: async () => undefined };
  }
  if (store.kind === 'postgres') {
    // rate-limiter-flexible speaks to a pg pool; this is the same calls through our Kysely handle
    // (its pool, role and error handling).
    const client = {
      query: async (query: { text: string; values?: unknown[] }) => {
        const result = await store.db.executeQuery(CompiledQuery.raw(query.text, query.values ?? []));
        return {
          rows: result.rows,
          rowCount: result.rows.length > 0 ? result.rows.length : Number(result.numAffectedRows ?? 0),
        };
      },
    };
    // Finished windows are deleted now and then, by one timer per process.
    const sweep = setInterval(() => {
      client
        .query({ text: 'delete from auth_attempts where expire < $1', values: [Date.now() - 3_600_000] })
        .catch(() => undefined);
    }, 300_000);
    sweep.unref();
    return {
      make: (options) =>
        new RateLimiterPostgres({
          ...options,
          storeClient: client,
          storeType: 'pool',
          tableName: 'auth_attempts',
          tableCreated: true,
          clearExpiredByTimeout: false,
        }),
      close: async () => clearInterval(sweep),
    };
  }
  const redis = new Redis(store.url, {
    lazyConnect: true,
    // A command while Redis is away fails at once, and the process's own counters stand in.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  // Without a listener ioredis prints every reconnection failure to the console, in full.
  redis.on('error', (error: Error) => store.onError?.(error));
  // Connected before the first request, so no early attempt is counted in memory alone.
  await redis.connect();
  return {
    make: (options) =>
      new RateLimiterRedis({
        ...options,
        storeClient: redis,
        keyPrefix: `planning:attempts:${options.keyPrefix}`,
        insuranceLimiter: new RateLimiterMemory(options),
      }),
    close: async () => {
      redis.disconnect();
    },
  };
}

/** Keys are hashes: no email or address in clear in a shared store. */
function hashed(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url');
}

function retryAfter(state: RateLimiterRes): number {
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
}
