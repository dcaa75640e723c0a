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
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  baseDomain: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
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
}

/** Reads and checks the environment once; the rest of the server takes a `Config`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'portal.db')}`,
    baseDomain: e.BASE_DOMAIN.toLowerCase(),
    logLevel: e.LOG_LEVEL,
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
  };
}
