import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, so relative paths mean the same thing whichever folder npm runs a script from. */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** PostgreSQL connection string; unset means the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /** Where the embedded database and uploaded files live. */
  DATA_DIR: z.string().default('data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Addresses whose X-Forwarded-For is believed (proxy-addr syntax: IPs, CIDRs, loopback, uniquelocal). */
  TRUSTED_PROXIES: z.string().default('loopback'),
  /** Brand answered when neither the merchant header nor the host name selects one. */
  DEFAULT_MERCHANT: z.string().min(1).default('DEMO'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** The built player site; served at / when present. */
  WEB_DIST: z.string().default('apps/web/dist'),
  /** The built operator console; served at /backoffice when present. */
  BACKOFFICE_DIST: z.string().default('apps/backoffice/dist'),
  /**
   * The platform's address as players and payment gateways reach it (no trailing slash), when it sits
   * behind a proxy or a domain; unset: gateways call back to the port it listens on, and players return to
   * the address they came from.
   */
  PUBLIC_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .url({ protocol: /^https?$/ })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  ),
  /** The sandbox payment gateway started beside the platform (demo and tests); 0 picks a free port. */
  SANDBOX_GATEWAY_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  SANDBOX_GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  /**
   * The demo game vendor, a separate process started beside the platform (demo and tests); its port, where 0
   * (or a taken port) picks a free one. Its key pair lives in DATA_DIR/demo-vendor.
   */
  DEMO_VENDOR_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  DEMO_VENDOR_PORT: z.coerce.number().int().min(0).max(65535).default(8082),
  /** Tests only: every captcha shows this answer, so journeys can solve it. Refused outside NODE_ENV=test. */
  TEST_CAPTCHA_ANSWER: z
    .string()
    .regex(/^[2-9A-HJKMNP-Z]{4}$/, 'four characters the captcha can draw')
    .optional(),
  /** Seed demo brand, staff and content at start (idempotent). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

export type AppConfig = Omit<z.infer<typeof configSchema>, 'DATA_DIR' | 'WEB_DIST' | 'BACKOFFICE_DIST'> & {
  DATA_DIR: string;
  WEB_DIST: string;
  BACKOFFICE_DIST: string;
  /** Uploaded proof images: inside DATA_DIR, never under the served web folder. */
  UPLOADS_DIR: string;
};

/** Reads the environment once; a bad value stops the start with a readable list of problems. */
export const loadConfig = (environment: NodeJS.ProcessEnv = process.env): AppConfig => {
  const parsed = configSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  if (parsed.data.TEST_CAPTCHA_ANSWER !== undefined && parsed.data.NODE_ENV !== 'test') {
    throw new Error('Invalid configuration:\n  TEST_CAPTCHA_ANSWER: allowed only with NODE_ENV=test');
  }
  const dataDir = path.resolve(repositoryRoot, parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    DATA_DIR: dataDir,
    UPLOADS_DIR: path.join(dataDir, 'uploads'),
    WEB_DIST: path.resolve(repositoryRoot, parsed.data.WEB_DIST),
    BACKOFFICE_DIST: path.resolve(repositoryRoot, parsed.data.BACKOFFICE_DIST),
  };
};
