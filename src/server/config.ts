import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Which peers may tell the client's address in X-Forwarded-For: none (false), the nearest n hops,
 * or the proxies at these addresses and ranges. Each proxy appends the address it received from,
 * so only the entries that trusted proxies appended are true; the rest is whatever the client wrote.
 */
export type TrustProxy = false | number | string[];

/** The ranges proxy-addr (Fastify's) knows by name. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_PROXY_HOPS = 10;

export const trustProxyTrueRefused =
  'TRUST_PROXY=true would believe any X-Forwarded-For a client writes, so that anyone could pose as any address ' +
  'and escape the sign-in limits. Give the number of reverse proxies in front of the server (TRUST_PROXY=1 behind ' +
  'one nginx or Caddy) or their addresses (TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8,192.168.1.5); ' +
  'see docs/OPERATIONS.md';

function isProxyAddress(item: string): boolean {
  if (namedRanges.has(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const trustProxyFromEnv = z
  .string()
  .optional()
  .transform((raw, context): TrustProxy => {
    const value = (raw ?? '').trim();
    if (['', 'false', 'no', '0'].includes(value.toLowerCase())) return false;
    if (['true', 'yes'].includes(value.toLowerCase())) {
      context.addIssue({ code: 'custom', message: trustProxyTrueRefused });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= MAX_PROXY_HOPS) return hops;
      context.addIssue({ code: 'custom', message: `TRUST_PROXY: at most ${MAX_PROXY_HOPS} proxies, not ${value}` });
      return z.NEVER;
    }
    const items = value.split(',').map((item) => item.trim());
    const wrong = items.filter((item) => !isProxyAddress(item));
    if (wrong.length === 0) return items;
    context.addIssue({
      code: 'custom',
      message: `TRUST_PROXY must be a number of proxies or a comma-separated list of their addresses or ranges (CIDR); not ${wrong.map((item) => JSON.stringify(item)).join(', ')}`,
    });
    return z.NEVER;
  });

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
  TRUST_PROXY: trustProxyFromEnv,
  ANONYMOUS_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(300),
  WEB_ROOT: z.string().min(1).default('dist/web'),
  EVENT_STREAM_LIMIT: z.coerce.number().int().min(1).max(100_000).default(500),
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
  /** Read the client address from X-Forwarded-For only as far as trusted reverse proxies wrote it. */
  trustProxy: TrustProxy;
  /** Requests per minute that one client address may make without being signed in. */
  anonymousRateLimit: number;
  timeouts: ServerTimeouts;
  /** Folder of the built client (index.html and assets). */
  webRoot: string;
  /** The floor boards' event streams (GET /api/events) one process serves at most, and how often each gets a heartbeat. */
  eventStreams: EventStreamSettings;
}

export interface EventStreamSettings {
  limit: number;
  heartbeatMs: number;
}

/** A comment line every 15 s keeps proxies from closing an idle stream and finds clients that are gone. */
export const EVENT_HEARTBEAT_MS = 15_000;

/**
 * How long a client may take. A request's headers must arrive within `headersMs` and the whole
 * request, body included, within `requestMs`, or Node answers 408 and closes the connection; an
 * idle kept-alive connection closes after `keepAliveMs`. Without them, a client sending a byte now
 * and then holds a connection, and its descriptor, for ever.
 */
export interface ServerTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
}

export const defaultTimeouts: ServerTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 10_000 };

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
    anonymousRateLimit: values.ANONYMOUS_RATE_LIMIT,
    timeouts: defaultTimeouts,
    webRoot: path.resolve(values.WEB_ROOT),
    eventStreams: { limit: values.EVENT_STREAM_LIMIT, heartbeatMs: EVENT_HEARTBEAT_MS },
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
