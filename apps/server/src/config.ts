import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseSecretsKey } from './lib/secrets.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const KEY_HINT = 'must be 32 bytes in base64 (openssl rand -base64 32)';
const secretsKey = z.string().transform((text, ctx) => {
  const key = parseSecretsKey(text);
  if (!key) ctx.addIssue({ code: 'custom', message: KEY_HINT });
  return key as Buffer;
});

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
  /**
   * Requests to the API each client address may make per minute on each instance (429 with
   * Retry-After beyond; the health and metrics probes are not counted); 0 turns the limit off.
   */
  RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: 'must be a number' }).int().min(0).max(1_000_000).default(6000),
  /** Requests each API key may make per minute on each instance (429 with Retry-After beyond). */
  API_KEY_RATE_PER_MINUTE: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1_000_000).default(600),
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
  /** E-mail notifications: `smtp://user:pass@host:port` (`smtps://` for TLS). Unset: no e-mail is sent. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Work-order portal <no-reply@localhost>'),
  /** The address users open the app at: e-mails link to PUBLIC_URL/orders/{id}. */
  PUBLIC_URL: z.url({ error: 'must be a URL such as https://orders.example.com' }).default('http://localhost:3000'),
  /** First retry of a failed e-mail after this many seconds, doubling up to an hour, for 24 hours. */
  /**
   * An order on an asset whose last order was completed less than this many days before is a repeat
   * failure (api-contract "Assets").
   */
  RECALL_WINDOW_DAYS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(365).default(30),
  MAIL_RETRY_SECONDS: z.coerce.number({ error: 'must be a number' }).positive().max(3600).default(30),
  /** How often each instance looks for site visits left open 12 h (it also looks at start-up). */
  VISIT_SWEEP_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(3600).default(60),
  /** How often each instance looks for maintenance plans with an order to generate (it also looks at start-up). */
  PLAN_GENERATE_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(3600).default(60),
  /** Days after its check-out that a visit's check-in position is erased (its distance and flags stay). */
  VISIT_POSITION_DAYS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(3650).default(90),
  /** Where uploaded files live: `local` (DATA_DIR/files) or an S3-compatible bucket. */
  FILE_STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  S3_BUCKET: z.string().optional(),
  /** For S3-compatible services (MinIO, Ceph...); unset for AWS S3. */
  S3_ENDPOINT: z.url({ error: 'must be a URL such as http://minio:9000' }).optional(),
  /** `bucket` in the path instead of the host name (MinIO and most self-hosted services). */
  S3_FORCE_PATH_STYLE: bool.default(false),
  AWS_REGION: z.string().default('us-east-1'),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  /** Turns `GET /api/metrics` on; scrapers send it as `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How old the tally check that /api/metrics reports may be; a scrape after that checks again (it reads every order). */
  TALLY_CHECK_MINUTES: z.coerce.number({ error: 'must be a number' }).int().min(0).max(10_080).default(60),
  /**
   * The key that seals stored secrets (lib/secrets.ts). Required with DATABASE_URL, so that every instance
   * opens what another sealed; unset in the embedded mode, a key is made once into DATA_DIR/secrets.key.
   */
  SECRETS_KEY: secretsKey.optional(),
  /** Earlier keys, comma-separated: values they sealed are still read after SECRETS_KEY is replaced. */
  SECRETS_KEY_PREVIOUS: z
    .string()
    .transform((text, ctx) =>
      text.split(',').map((part) => {
        const key = parseSecretsKey(part);
        if (!key) ctx.addIssue({ code: 'custom', message: `each key ${KEY_HINT}` });
        return key as Buffer;
      }),
    )
    .default([]),
  /**
   * Lets a chain's identity provider be on a private address or plain http (a provider inside the
   * company network; tests). Off, the server reaches only https providers on public addresses.
   */
  OIDC_ALLOW_PRIVATE: bool.default(false),
  /**
   * Lets webhooks go to private addresses and over plain http (a receiver inside the company network;
   * tests). Off, they go only over https to public addresses, checked at creation and at every send.
   */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  /** How long a webhook's receiver has to answer (seconds); a slower answer counts as a failure. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number' }).positive().max(60).default(10),
  /** Webhook sends at once per instance, over all webhooks (each webhook at most a quarter of them). */
  WEBHOOK_CONCURRENCY: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1000).default(64),
  /**
   * The seller on every invoice: the service company that runs the portal. Its name, VAT id and Peppol
   * participant id are needed for a Peppol invoice (`GET /api/invoices/{id}/peppol` answers 409 without
   * them); the rest is printed when set.
   */
  SELLER_NAME: z.string().max(200).optional(),
  /** The seller's organisation number (Swedish organisationsnummer, Finnish Y-tunnus). */
  SELLER_ORG_NUMBER: z.string().max(40).optional(),
  /** The seller's VAT registration number, with its country prefix (SE556677889901, FI12345678). */
  SELLER_VAT_ID: z
    .string()
    .regex(/^[A-Z]{2}[0-9A-Za-z+*.]{2,18}$/, 'must start with the country code, such as SE556677889901')
    .optional(),
  SELLER_STREET: z.string().max(200).optional(),
  SELLER_POSTAL_CODE: z.string().max(20).optional(),
  SELLER_CITY: z.string().max(100).optional(),
  SELLER_COUNTRY: z.enum(['SE', 'FI'], { error: 'must be SE or FI' }).default('SE'),
  /** The account the buyer pays to: an IBAN (and its BIC), printed on the invoice and sent as its payment means. */
  SELLER_IBAN: z
    .string()
    .transform((text) => text.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, 'must be an IBAN such as SE4550000000058398257466'))
    .optional(),
  SELLER_BIC: z
    .string()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a BIC such as ESSESESS')
    .optional(),
  /** The seller's Peppol participant id, `scheme:id` (0007:5566778899 for a Swedish organisation number). */
  SELLER_PEPPOL_ID: z
    .string()
    .regex(/^\d{4}:[A-Za-z0-9][A-Za-z0-9._-]{0,49}$/, 'must be scheme:id, such as 0007:5566778899')
    .optional(),
  SELLER_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
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
  const parsed = configSchema
    .superRefine((c, ctx) => {
      if (c.FILE_STORAGE === 's3' && !c.S3_BUCKET) {
        ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when FILE_STORAGE=s3' });
      }
      if (!c.AWS_ACCESS_KEY_ID !== !c.AWS_SECRET_ACCESS_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: [c.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID'],
          message: 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together',
        });
      }
      if (c.DATABASE_URL && !c.SECRETS_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: ['SECRETS_KEY'],
          message: `is required when DATABASE_URL is set (every instance needs the same one): ${KEY_HINT}`,
        });
      }
    })
    .safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Demo accounts share a published password: a production PostgreSQL gets them only when asked.
  const seedDemo = parsed.data.SEED_DEMO ?? parsed.data.DATABASE_URL === undefined;
  return { ...parsed.data, SEED_DEMO: seedDemo, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
