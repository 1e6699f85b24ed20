import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const configSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  APP_TIMEZONE: z
    .string()
    .default('Europe/Stockholm')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Europe/Stockholm'),
  /**
   * Connections to PostgreSQL (DATABASE_URL). Few beat many when the app and the database share a
   * small machine: the chat polling bench held p99 48 ms with 2-3 connections on 2 cores, 73 ms with 6.
   */
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(100)
    .default(os.availableParallelism() + 1),
  TOKEN_TTL_HOURS: z.coerce
    .number({ error: 'must be a number' })
    .positive()
    .max(24 * 365)
    .default(12),
  /** Unset: seed demo data into the embedded database, but never into a DATABASE_URL (see loadConfig). */
  SEED_DEMO: bool.optional(),
  MAX_UPLOAD_MB: z.coerce.number({ error: 'must be a number' }).positive().max(1024).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /**
   * Reverse proxies in front of the app. `N` takes the client address N hops from the right of
   * X-Forwarded-For (the entries the proxies appended; the leftmost is whatever the client wrote);
   * `true` means one proxy, `false` or `0` none (the socket address).
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|yes|no|\d{1,2})$/, 'must be true, false or a number of proxies')
    .transform((v) => (v === 'true' || v === 'yes' ? 1 : v === 'false' || v === 'no' ? 0 : Number(v)))
    .default(0),
});

export type Config = Omit<z.infer<typeof configSchema>, 'DATA_DIR' | 'SEED_DEMO'> & {
  DATA_DIR: string;
  SEED_DEMO: boolean;
};

export class ConfigError extends Error {}

/** Reads the configuration from an environment; empty values count as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const raw = Object.fromEntries(
    Object.keys(configSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Demo accounts share a published password: a production PostgreSQL gets them only when asked.
  const seedDemo = parsed.data.SEED_DEMO ?? parsed.data.DATABASE_URL === undefined;
  return { ...parsed.data, SEED_DEMO: seedDemo, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
