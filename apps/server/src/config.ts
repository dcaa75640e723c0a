import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, found from this file whether it runs as TypeScript or as the bundle. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'must start with sqlite: or postgres://')
    .optional(),
  BASE_DOMAIN: z.string().default('localhost'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** One access line in this many for routine answers (a quick GET or HEAD that did not fail). */
  ACCESS_LOG_SAMPLE: z.coerce.number().int().min(1).max(1_000).default(10),
  /** An answer slower than this is never routine: its line is always written. */
  ACCESS_LOG_SLOW_MS: z.coerce.number().int().min(1).max(600_000).default(1_000),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  CONTENT_DIR: z.string().default(path.join(repoRoot, 'content')),
  DEFAULT_ORG: z.string().default('doughmain'),
  SEED_CONTENT: z.enum(['true', 'false']).default('true'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1_024).max(1_073_741_824).default(10_485_760),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  RATE_LIMIT_SCALE: z.coerce.number().min(1).max(1_000).default(1),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d{1,2}|[0-9A-Fa-f.:/]+(\s*,\s*[0-9A-Fa-f.:/]+)*)$/,
      'must be a hop count (1, 2…) or a comma-separated list of proxy addresses or CIDR ranges',
    )
    .optional(),
  PUBLIC_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// origin' })
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Prefix of this deployment's keys in Redis (rate limits), so that several can share one. */
  REDIS_PREFIX: z.string().max(100).default('portal:'),
  /** With it set, GET /metrics asks for this bearer token (open otherwise: a private network). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** `off`: no GET /metrics (404) and nothing counted per request. */
  METRICS: z.enum(['on', 'off']).default('on'),
  MESSAGE_HEARTBEAT_MS: z.coerce.number().int().min(50).max(300_000).default(15_000),
  PAYMENTS: z.enum(['local', 'stripe']).default('local'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.url().optional(),
  NODE_ENV: z.string().optional(),
  /** The development OpenID provider at /dev-oidc (docs/configuration.md); never in production. */
  DEV_OIDC: z.enum(['on', 'off']).default('off'),
  /** Lets single sign-on reach an http:// (not https://) provider: tests and development only. */
  SSO_ALLOW_HTTP: z.enum(['true', 'false']).default('false'),
  /**
   * Lets the console's single sign-on settings name a provider at a private address (loopback,
   * a private or link-local network): an on-premises provider, tests, development.
   */
  SSO_ALLOW_PRIVATE_ISSUERS: z.enum(['true', 'false']).default('false'),
  /** How long to wait for a database connection or lock, and for one statement (issue 16, F4). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(3_000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** How long a start waits for a PostgreSQL server that is not up yet (0: fail at once). */
  DATABASE_STARTUP_WAIT_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  /** Uploads per account per hour, and their bytes (issue 16, F5). */
  UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(60),
  UPLOAD_BYTES_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1_024)
    .max(1_099_511_627_776)
    .default(104_857_600),
  /** Bytes all accounts of an organisation may upload from one address per hour (issue 24). */
  UPLOAD_BYTES_PER_ADDRESS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1_024)
    .max(1_099_511_627_776)
    .default(209_715_200),
  /** Where uploaded files live: a local folder (default) or an S3-compatible bucket. */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** Tracing: spans go to this OpenTelemetry collector (OTLP over HTTP); unset, no tracing. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .union([
      z.literal(''),
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }),
    ])
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('portal'),
});

/** The client secret of the development provider's demo client (not a secret: development only). */
export const DEV_CLIENT_SECRET = 'doughmain-dev-oidc-client-secret';

/**
 * Which proxies are trusted for the client's address and protocol (Fastify's `trustProxy`):
 * none by default, so that `X-Forwarded-*` headers sent by a client change nothing.
 */
export type TrustProxy = false | number | string[];

function trustProxyOf(value: string | undefined): TrustProxy {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value) || false;
  return value.split(',').map((a) => a.trim());
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  baseDomain: string;
  /** The bearer token GET /metrics asks for, when set. */
  metricsToken: string | undefined;
  /** GET /metrics and the per-request figures behind it (METRICS=on, the default). */
  metricsEnabled: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** The access log's sampling of routine answers (docs/decisions.md, operations). */
  accessLog: { sample: number; slowMs: number };
  webDist: string;
  contentDir: string;
  mediaDir: string;
  defaultOrg: string;
  /** Import the packs in `contentDir` when the database has no organisation. */
  seedContent: boolean;
  /** Mail through this SMTP server; without it, mail goes to `<dataDir>/outbox`. */
  smtpUrl: string | undefined;
  uploadsDir: string;
  outboxDir: string;
  uploadMaxBytes: number;
  sessionDays: number;
  /** Multiplies every sign-in rate limit; for test rigs that sign in many times from one address. */
  rateLimitScale: number;
  /** Proxies trusted for `X-Forwarded-For` / `-Proto` (TRUST_PROXY); `false`: none. */
  trustProxy: TrustProxy;
  /**
   * Scheme and port of the addresses in mail links (PUBLIC_ORIGIN); the host is always the
   * organisation's own. Unset: links go to `http://{alias}.localhost:{port}` (development).
   */
  publicOrigin: { protocol: 'http:' | 'https:'; port: string } | undefined;
  /** Redis for live messages across processes (REDIS_URL); without it, an in-process bus. */
  redisUrl: string | undefined;
  /** Prefix of the keys and channels this deployment uses in Redis (REDIS_PREFIX). */
  redisPrefix: string;
  /** How often an open message stream sends a heartbeat comment (MESSAGE_HEARTBEAT_MS). */
  messageHeartbeatMs: number;
  /** Mount the development OpenID provider at `/dev-oidc` (DEV_OIDC=on; refused in production). */
  devOidc: boolean;
  /**
   * The development provider's issuer, `http://localhost:{PORT}/dev-oidc`, when DEV_OIDC=on: the
   * demo pack's issuer (`http://localhost:3000/dev-oidc`) means this one, whatever the port.
   */
  devOidcIssuer: string | undefined;
  /** Single sign-on may use http:// providers (SSO_ALLOW_HTTP=true, or DEV_OIDC=on). */
  ssoAllowHttp: boolean;
  /** The console may name a provider at a private address (SSO_ALLOW_PRIVATE_ISSUERS, DEV_OIDC). */
  ssoAllowPrivateIssuers: boolean;
  /** Database timeouts (DB_CONNECT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS). */
  database: { connectTimeoutMs: number; queryTimeoutMs: number };
  /**
   * How long a start waits for PostgreSQL to come up, trying again with backoff
   * (DATABASE_STARTUP_WAIT_SECONDS); 0: the first failure ends the process.
   */
  databaseStartupWaitSeconds: number;
  /** Uploads one account may make in an hour: how many, and how many bytes in all. */
  uploadQuota: { perHour: number; bytesPerHour: number; bytesPerAddressPerHour: number };
  /** Where uploaded files live (STORAGE): a local folder, or an S3-compatible bucket. */
  storage:
    | { kind: 'local' }
    | {
        kind: 's3';
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      };
  /**
   * The value of an environment variable named by a pack's `clientSecret: "env:NAME"`. Only
   * this reads such variables; their values never reach an answer, a log or an export.
   */
  secretFromEnv(name: string): string | undefined;
  payments:
    | { provider: 'local' }
    | { provider: 'stripe'; secretKey: string; webhookSecret: string; apiUrl: string | undefined };
  /**
   * OpenTelemetry tracing, when OTEL_EXPORTER_OTLP_ENDPOINT is set; the exporter reads that
   * and the other standard OTEL_* variables itself (docs/production.md).
   */
  telemetry: { serviceName: string } | undefined;
}

/** Reads and checks the environment once; the rest of the server takes a `Config`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.PAYMENTS === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET))
    throw new Error(
      'Invalid configuration:\n  PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  if (e.DEV_OIDC === 'on' && e.NODE_ENV === 'production')
    throw new Error('Invalid configuration:\n  DEV_OIDC=on is refused when NODE_ENV=production');
  // The local checkout's Pay button fulfils an order without money: never for real customers.
  if (e.PAYMENTS === 'local' && e.NODE_ENV === 'production')
    throw new Error(
      'Invalid configuration:\n  PAYMENTS=local (the test checkout, the default) is refused when NODE_ENV=production: set PAYMENTS=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  if (e.STORAGE === 's3' && !e.S3_BUCKET)
    throw new Error(
      'Invalid configuration:\n  STORAGE=s3 needs S3_BUCKET (and usually S3_ENDPOINT)',
    );
  const devOidc = e.DEV_OIDC === 'on';
  const publicOrigin = e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN) : undefined;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'portal.db')}`,
    baseDomain: e.BASE_DOMAIN.toLowerCase(),
    logLevel: e.LOG_LEVEL,
    accessLog: { sample: e.ACCESS_LOG_SAMPLE, slowMs: e.ACCESS_LOG_SLOW_MS },
    metricsToken: e.METRICS_TOKEN,
    metricsEnabled: e.METRICS === 'on',
    webDist: path.resolve(e.WEB_DIST),
    contentDir: path.resolve(e.CONTENT_DIR),
    mediaDir: path.join(path.resolve(e.CONTENT_DIR), 'media'),
    defaultOrg: e.DEFAULT_ORG,
    seedContent: e.SEED_CONTENT === 'true',
    smtpUrl: e.SMTP_URL,
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    sessionDays: e.SESSION_DAYS,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    publicOrigin: publicOrigin && {
      protocol: publicOrigin.protocol as 'http:' | 'https:',
      port: publicOrigin.port,
    },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    messageHeartbeatMs: e.MESSAGE_HEARTBEAT_MS,
    devOidc,
    devOidcIssuer: devOidc ? `http://localhost:${e.PORT}/dev-oidc` : undefined,
    ssoAllowHttp: e.SSO_ALLOW_HTTP === 'true' || devOidc,
    ssoAllowPrivateIssuers: e.SSO_ALLOW_PRIVATE_ISSUERS === 'true' || devOidc,
    database: { connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS, queryTimeoutMs: e.DB_QUERY_TIMEOUT_MS },
    databaseStartupWaitSeconds: e.DATABASE_STARTUP_WAIT_SECONDS,
    uploadQuota: {
      perHour: e.UPLOADS_PER_HOUR,
      bytesPerHour: e.UPLOAD_BYTES_PER_HOUR,
      bytesPerAddressPerHour: e.UPLOAD_BYTES_PER_ADDRESS_PER_HOUR,
    },
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          }
        : { kind: 'local' },
    secretFromEnv: (name) => {
      const value = env[name];
      if (value) return value;
      // The demo pack's SSO group names this variable; the development provider has it built in.
      return devOidc && name === 'DEV_OIDC_CLIENT_SECRET' ? DEV_CLIENT_SECRET : undefined;
    },
    payments:
      e.PAYMENTS === 'stripe'
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY!,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
            apiUrl: e.STRIPE_API_URL,
          }
        : { provider: 'local' },
    telemetry: e.OTEL_EXPORTER_OTLP_ENDPOINT ? { serviceName: e.OTEL_SERVICE_NAME } : undefined,
  };
}
