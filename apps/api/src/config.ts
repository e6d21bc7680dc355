import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultPublicConfig } from '@vetboard/contract';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: httpUrl.optional(),
  PRODUCT_NAME: z.string().trim().min(1).max(60).default(defaultPublicConfig.productName),
  CALLS_URL: httpUrl.default(defaultPublicConfig.callsUrl),
  /** Printed under the product's name on clinical documents (who sent them, and where from). */
  PRODUCT_ADDRESS: z.string().trim().min(1).max(200).default('Remote veterinary service · United Kingdom'),
  SEED_DEMO: booleanFromEnv.default(true),
  SEED_SCALE: z.coerce
    .number({ message: 'must be a whole number from 1 to 100' })
    .int('must be a whole number from 1 to 100')
    .min(1, 'must be a whole number from 1 to 100')
    .max(100, 'must be a whole number from 1 to 100')
    .default(1),
  DEMO_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Vetboard <no-reply@vetboard.local>'),
  WORKERS: booleanFromEnv.default(true),
  JOBS_STOP_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds from 1 to 600' })
    .int('must be a number of seconds from 1 to 600')
    .min(1, 'must be a number of seconds from 1 to 600')
    .max(600, 'must be a number of seconds from 1 to 600')
    .default(20),
  PURGE_SCHEDULE: z
    .string()
    .regex(/^\S+( \S+){4}$/, 'must be a five-field cron expression, e.g. "17 * * * *"')
    .default('17 * * * *'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFromEnv.default(false),
  /** `low` exists for tests and benchmarks only: production hashes use OWASP's scrypt parameters. */
  PASSWORD_HASH_COST: z.enum(['standard', 'low']).default('standard'),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  DOCUMENT_MAX_MB: z.coerce
    .number({ message: 'must be a number of megabytes from 1 to 100' })
    .int('must be a number of megabytes from 1 to 100')
    .min(1, 'must be a number of megabytes from 1 to 100')
    .max(100, 'must be a number of megabytes from 1 to 100')
    .default(20),
  PREVENTIVE_REMINDER_DAYS_BEFORE: z.coerce
    .number({ message: 'must be a number of days from 1 to 90' })
    .int('must be a number of days from 1 to 90')
    .min(1, 'must be a number of days from 1 to 90')
    .max(90, 'must be a number of days from 1 to 90')
    .default(14),
  SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** PEM files: given both, the server speaks HTTPS, HTTP/2 to browsers (HTTP/1.1 to other clients). */
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
});

export const DEFAULT_DEMO_PASSWORD = 'vetboard-demo-2026';

export type Config = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {}

/** Empty strings count as unset so that `FOO= npm start` falls back to the default. */
export function parseConfig(env: Record<string, string | undefined> = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env_ = result.data;
  if ((env_.TLS_CERT_FILE === undefined) !== (env_.TLS_KEY_FILE === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  TLS_CERT_FILE, TLS_KEY_FILE: give both (HTTPS) or neither (plain HTTP)',
    );
  }
  // npm runs workspace scripts inside the workspace: resolve against where the user typed npm.
  const fromCwd = (file: string) => path.resolve(env.INIT_CWD || process.cwd(), file);
  const tls =
    env_.TLS_CERT_FILE && env_.TLS_KEY_FILE
      ? { certFile: fromCwd(env_.TLS_CERT_FILE), keyFile: fromCwd(env_.TLS_KEY_FILE) }
      : undefined;
  const scheme = tls ? 'https' : 'http';
  const publicUrl = (env_.PUBLIC_URL ?? `${scheme}://${displayHost(env_.HOST)}:${env_.PORT}`).replace(
    /\/+$/,
    '',
  );
  return {
    nodeEnv: env_.NODE_ENV,
    host: env_.HOST,
    port: env_.PORT,
    dataDir: fromCwd(env_.DATA_DIR),
    databaseUrl: env_.DATABASE_URL,
    publicUrl,
    productName: env_.PRODUCT_NAME,
    productAddress: env_.PRODUCT_ADDRESS,
    callsUrl: env_.CALLS_URL,
    seedDemo: env_.SEED_DEMO,
    seedScale: env_.SEED_SCALE,
    demoPassword: env_.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD,
    demoPasswordIsDefault: env_.DEMO_PASSWORD === undefined,
    smtpUrl: env_.SMTP_URL,
    mailFrom: env_.MAIL_FROM,
    logLevel: env_.LOG_LEVEL,
    /** Runs queued and scheduled jobs in this process; false serves requests only. */
    workers: env_.WORKERS,
    jobsStopTimeoutSeconds: env_.JOBS_STOP_TIMEOUT_SECONDS,
    /** When the purge of expired sessions, reset tokens and old login failures runs (UTC cron). */
    purgeSchedule: env_.PURGE_SCHEDULE,
    trustProxy: env_.TRUST_PROXY,
    passwordHashCost: env_.PASSWORD_HASH_COST,
    webDistDir: path.resolve(env_.WEB_DIST_DIR),
    /** Days before a vaccine or treatment is due that its owner reminder e-mail goes out. */
    preventiveReminderDaysBefore: env_.PREVENTIVE_REMINDER_DAYS_BEFORE,
    /** Signs the diet PDF links; unset, the server generates one and keeps it in `app_secrets`. */
    signingSecret: env_.SIGNING_SECRET,
    /** The largest document (PDF or image) an upload may store; avatars have their own, smaller limit. */
    documentMaxBytes: env_.DOCUMENT_MAX_MB * 1024 * 1024,
    /** The certificate and key of HTTPS; unset, plain HTTP (behind a proxy that terminates TLS, say). */
    tls,
  };
}

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
