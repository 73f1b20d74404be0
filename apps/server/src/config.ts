import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_TENANT_HOST_PATTERN, EXPORT_LIMITS, GEODATA_LIMITS } from '@planning/shared';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every environment variable the server reads, typed and documented once (see README). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Log every request at info (true); by default a request is a debug line, out of start-up's way. */
  LOG_REQUESTS: booleanFromEnv.optional(),
  /** Embedded database folder, used when DATABASE_URL is not set. */
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** A PostgreSQL 15+ server with PostGIS; when set the embedded database is not used. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * The password of the application role planning_app, which the request pool logs in as; the
   * server (as the DATABASE_URL owner) sets it at start. Unset: trust, peer or certificate login.
   */
  DATABASE_APP_PASSWORD: z.string().min(1).optional(),
  /** The request pool's address (a pgbouncer, say); by default DATABASE_URL as planning_app. */
  DATABASE_APP_URL: z.string().url().optional(),
  /** Parallel workers PostgreSQL may add to one query (a search's count); 1 suits a 2-core server. */
  DATABASE_PARALLEL_WORKERS: z.coerce.number().int().min(0).max(64).default(1),
  /** Regular expression whose first group is the tenant name in the request's host name. */
  TENANT_HOST_PATTERN: z
    .string()
    .default(DEFAULT_TENANT_HOST_PATTERN)
    .refine((value) => {
      try {
        return new RegExp(value).source.includes('(');
      } catch {
        return false;
      }
    }, 'TENANT_HOST_PATTERN must be a regular expression with a capture group'),
  /** Honour the X-Tenant header on any host (preview deployments); always honoured on loopback. */
  TENANT_HEADER_ANY_HOST: booleanFromEnv.optional(),
  /** Seed the demo tenants on first start; on by default outside production. */
  SEED_DEMO: booleanFromEnv.optional(),
  /** Largest JSON body accepted, in bytes. */
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** Minutes without a request after which a session ends (OWASP ASVS L2: 30). */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** Hours after sign-in after which a session ends whatever its use (ASVS L2: 12). */
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /** Failed sign-ins (and sign-ups, reset requests) allowed per IP address, per window. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  /** Failed sign-ins per account from one IP address (then 429 for that pair); emails per account. */
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins per account from all addresses, after which signing in needs an emailed link. */
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(50),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  /** Redis (redis://host:6379) for attempt limits shared by every process; else PostgreSQL or memory. */
  REDIS_URL: z.string().url().optional(),
  /** Where emails go: an SMTP server (smtp://user:pass@host:587), else files in MAIL_OUTBOX_DIR. */
  SMTP_URL: z.string().url().optional(),
  MAIL_OUTBOX_DIR: z.string().optional(),
  MAIL_FROM: z.string().default('Planning <no-reply@planning.localhost>'),
  /**
   * The app's address in emailed links, with {tenant} for the council's name, e.g.
   * https://planning.{tenant}.example.gov.uk. Never taken from the request's Host header,
   * which an attacker can set (password-reset poisoning). Required in production.
   */
  APP_URL_TEMPLATE: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'APP_URL_TEMPLATE must be an http(s) URL')
    .optional(),
  /** Where uploaded and exported files are kept when no S3 store is configured; DATA_DIR/files by default. */
  STORAGE_DIR: z.string().optional(),
  /** The job queue this process works on ('default'); processes of one deployment share it. */
  JOBS_QUEUE: z.string().min(1).max(100).default('default'),
  /** false: this process serves requests only and runs no background jobs. */
  JOBS_WORKER: booleanFromEnv.optional(),
  /** Jobs run side by side in one process. */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Seconds a worker's claim on a job lasts unless renewed; a dead worker's jobs resume after it. */
  JOBS_LEASE_SECONDS: z.coerce.number().min(0.2).max(3600).default(30),
  /** How often (ms) a worker asks the queue for work that other processes added. */
  JOBS_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** Delay (ms) before a failed job's first retry, doubled for each further attempt. */
  JOBS_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  /** Data exports of up to this many sites answer the file at once; larger ones run as a job. */
  EXPORT_SYNC_MAX_SITES: z.coerce.number().int().min(0).max(250_000).default(EXPORT_LIMITS.syncMaxSites),
  /** Hours a finished export's file (data or document) is kept for download; then it is deleted. */
  EXPORT_RETENTION_HOURS: z.coerce
    .number()
    .int('EXPORT_RETENTION_HOURS must be a whole number of hours')
    .min(1, 'EXPORT_RETENTION_HOURS must be between 1 and 720')
    .max(720, 'EXPORT_RETENTION_HOURS must be between 1 and 720')
    .default(24),
  /** false: worker processes do not run each council's daily retention run (issue 26 point 5). */
  RETENTION_DAILY: booleanFromEnv.optional(),
  /** The largest geodata upload accepted (MB); a zip's unpacked size has its own, larger limit. */
  GEODATA_MAX_UPLOAD_MB: z.coerce.number().positive().max(16_384).default(GEODATA_LIMITS.maxUploadMegabytes),
  GEODATA_MAX_UNZIPPED_MB: z.coerce
    .number()
    .positive()
    .max(65_536)
    .default(GEODATA_LIMITS.maxUnzippedMegabytes),
  /** ClamAV's clamd (TCP) that scans every upload; without it files stay 'unscanned'. */
  CLAMD_HOST: z.string().min(1).optional(),
  CLAMD_PORT: z.coerce.number().int().min(1).max(65535).default(3310),
  /** Milliseconds one scan may take before it counts as a scanner failure (and is retried). */
  CLAMD_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** Production refuses to start without CLAMD_HOST unless this says unscanned uploads are accepted. */
  ALLOW_UNSCANNED_UPLOADS: booleanFromEnv.optional(),
  /**
   * Key (at least 32 characters) signing file download URLs; every process of one deployment
   * needs the same. Unset: a random key kept in DATA_DIR (one process, or a shared folder).
   */
  FILE_SIGNING_SECRET: z.string().min(32, 'FILE_SIGNING_SECRET must be at least 32 characters').optional(),
  /** An S3-compatible store for files; all of these together, else files go under DATA_DIR. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('eu-west-2'),
  /** true for MinIO, s3rver and most self-hosted stores (bucket in the path, not the host name). */
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  /** Built web app to serve; the API alone is served when the folder is missing. */
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: string;
  logRequests: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseAppPassword: string | undefined;
  databaseAppUrl: string | undefined;
  tenantHostPattern: RegExp;
  tenantHeaderAnyHost: boolean;
  seedDemo: boolean;
  bodyLimit: number;
  databaseParallelWorkers: number;
  webDistDir: string;
  session: { idleMs: number; absoluteMs: number };
  authRateLimit: { perIp: number; perEmail: number; perAccount: number; windowSeconds: number };
  redisUrl: string | undefined;
  mail: { smtpUrl: string | undefined; outboxDir: string; from: string };
  appUrlTemplate: string;
  storageDir: string;
  jobs: {
    queue: string;
    worker: boolean;
    concurrency: number;
    leaseMs: number;
    pollMs: number;
    retryBaseMs: number;
  };
  exportSyncMaxSites: number;
  /** How long a finished export's file is kept (EXPORT_RETENTION_HOURS), in ms. */
  exportRetentionMs: number;
  /** Worker processes queue each council's daily retention run (RETENTION_DAILY). */
  retentionDaily: boolean;
  geodata: { maxUploadBytes: number; maxUnzippedBytes: number };
  clamd: { host: string; port: number; timeoutMs: number } | null;
  allowUnscannedUploads: boolean;
  fileSigningSecret: string | undefined;
  s3: S3Config | null;
};

export type S3Config = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.APP_URL_TEMPLATE) {
    throw new ConfigError('Invalid environment: APP_URL_TEMPLATE must be set in production');
  }
  // Uploads nobody scans may only be accepted knowingly (spec 01 §4: files are marked unscanned).
  if (production && !e.CLAMD_HOST && !e.ALLOW_UNSCANNED_UPLOADS) {
    throw new ConfigError(
      'Invalid environment: CLAMD_HOST must be set in production (or ALLOW_UNSCANNED_UPLOADS=true to accept unscanned uploads)',
    );
  }
  const s3Settings = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Settings.some(Boolean) && !s3Settings.every(Boolean)) {
    throw new ConfigError(
      'Invalid environment: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS ?? false,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseAppPassword: e.DATABASE_APP_PASSWORD,
    databaseAppUrl: e.DATABASE_APP_URL,
    tenantHostPattern: new RegExp(e.TENANT_HOST_PATTERN, 'i'),
    tenantHeaderAnyHost: e.TENANT_HEADER_ANY_HOST ?? !production,
    // Demo accounts must never appear in a production database.
    seedDemo: (e.SEED_DEMO ?? !production) && !production,
    bodyLimit: e.BODY_LIMIT,
    databaseParallelWorkers: e.DATABASE_PARALLEL_WORKERS,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    authRateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perEmail: e.AUTH_RATE_LIMIT_PER_EMAIL,
      perAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
      windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
    redisUrl: e.REDIS_URL,
    mail: {
      smtpUrl: e.SMTP_URL,
      outboxDir: path.resolve(e.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
      from: e.MAIL_FROM,
    },
    appUrlTemplate: e.APP_URL_TEMPLATE ?? `http://localhost:${e.PORT}`,
    storageDir: path.resolve(e.STORAGE_DIR ?? path.join(dataDir, 'files')),
    jobs: {
      queue: e.JOBS_QUEUE,
      worker: e.JOBS_WORKER ?? true,
      concurrency: e.JOBS_CONCURRENCY,
      leaseMs: e.JOBS_LEASE_SECONDS * 1000,
      pollMs: e.JOBS_POLL_MS,
      retryBaseMs: e.JOBS_RETRY_BASE_MS,
    },
    exportSyncMaxSites: e.EXPORT_SYNC_MAX_SITES,
    exportRetentionMs: e.EXPORT_RETENTION_HOURS * 3_600_000,
    retentionDaily: e.RETENTION_DAILY ?? true,
    geodata: {
      maxUploadBytes: Math.round(e.GEODATA_MAX_UPLOAD_MB * 1024 * 1024),
      maxUnzippedBytes: Math.round(e.GEODATA_MAX_UNZIPPED_MB * 1024 * 1024),
    },
    clamd: e.CLAMD_HOST ? { host: e.CLAMD_HOST, port: e.CLAMD_PORT, timeoutMs: e.CLAMD_TIMEOUT_MS } : null,
    allowUnscannedUploads: e.ALLOW_UNSCANNED_UPLOADS ?? false,
    fileSigningSecret: e.FILE_SIGNING_SECRET,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            region: e.S3_REGION,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
          }
        : null,
  };
}
