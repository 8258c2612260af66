import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  WORKSHOP_TIMEZONE: z
    .string()
    .default('Asia/Tokyo')
    .refine(isKnownTimeZone, 'WORKSHOP_TIMEZONE must be an IANA time zone such as Asia/Tokyo'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  ADMIN_USER_NAME: z.string().min(1).max(100).default('admin'),
  ADMIN_PASSWORD: z.string().min(4, 'ADMIN_PASSWORD must be at least 4 characters').optional(),
  SECURE_COOKIES: booleanFromEnv,
  TRUST_PROXY: booleanFromEnv,
  WEB_ROOT: z.string().min(1).default('dist/web'),
});

export type DatabaseConfig = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  timeZone: string;
  sessionSecret: string;
  logLevel: (typeof logLevels)[number];
  adminUserName: string;
  adminPassword: string | undefined;
  /** Cookies carry `Secure` when the site is served over HTTPS. */
  secureCookies: boolean;
  /** Read the client address from X-Forwarded-For only behind a trusted reverse proxy. */
  trustProxy: boolean;
  /** Folder of the built client (index.html and assets). */
  webRoot: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; every problem is reported together. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    database: values.DATABASE_URL
      ? { engine: 'postgres', url: values.DATABASE_URL }
      : { engine: 'sqlite', file: path.join(dataDir, 'app.db') },
    timeZone: values.WORKSHOP_TIMEZONE,
    sessionSecret: values.SESSION_SECRET ?? readOrCreateSessionSecret(dataDir),
    logLevel: values.LOG_LEVEL,
    adminUserName: values.ADMIN_USER_NAME,
    adminPassword: values.ADMIN_PASSWORD,
    secureCookies: values.SECURE_COOKIES,
    trustProxy: values.TRUST_PROXY,
    webRoot: path.resolve(values.WEB_ROOT),
  };
}

/**
 * The secret must outlive restarts (stored session keys are derived from it), so a generated one is
 * kept in the data directory, readable by the server's user alone.
 */
function readOrCreateSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}
