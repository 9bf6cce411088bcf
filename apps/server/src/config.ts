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
  /**
   * Machine-to-machine calls (the vendor wallet's callbacks) are logged at debug one by one and summed up at info
   * this often: count, mean and slowest answer by route and status.
   */
  MACHINE_CALL_SUMMARY_MS: z.coerce.number().int().min(10).default(60_000),
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
  /**
   * The sandbox payment gateway started beside the platform (demo and tests), on loopback only; 0 picks a free
   * port. Unset: on, except with NODE_ENV=production, where it runs only when set to true.
   */
  SANDBOX_GATEWAY_ENABLED: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
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
  /**
   * The sportsbook (apps/sportsbook), a separate process like the demo vendor that the BTI and e-sports tiles
   * open; its port (0 or taken: a free one) and its own database (embedded PGlite in DATA_DIR/sportsbook unless
   * SPORTSBOOK_DATABASE_URL names a PostgreSQL database). Its key pair lives in DATA_DIR/sportsbook.
   */
  SPORTSBOOK_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  SPORTSBOOK_PORT: z.coerce.number().int().min(0).max(65535).default(8083),
  SPORTSBOOK_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//)
    .optional(),
  /** Game time per real time of the sportsbook's simulated feed (30: a football match in about three minutes). */
  SPORTSBOOK_SPEED: z.coerce.number().positive().max(3_600).default(30),
  /** Tests only: every captcha shows this answer, so journeys can solve it. Refused outside NODE_ENV=test. */
  TEST_CAPTCHA_ANSWER: z
    .string()
    .regex(/^[2-9A-HJKMNP-Z]{4}$/, 'four characters the captcha can draw')
    .optional(),
  /**
   * Registrations allowed from one address per hour (default: authLimits in auth.service.ts). Browser
   * journeys, which all come from 127.0.0.1 to one platform per worker, raise it.
   */
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).optional(),
  /** Crash game: betting phase, pause after a crash, driver tick and lease (ms); tests shorten them. */
  CRASH_BETTING_MS: z.coerce.number().int().min(100).default(5_000),
  CRASH_PAUSE_MS: z.coerce.number().int().min(0).default(3_000),
  CRASH_TICK_MS: z.coerce.number().int().min(10).default(100),
  CRASH_LEASE_MS: z.coerce.number().int().min(100).default(3_000),
  /** Hashes per crash chain (one per round); a new chain is committed when one is used up. */
  CRASH_CHAIN_LENGTH: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  /** The crash game's house edge in basis points (100 = 1%), fixed per chain when it is created. */
  CRASH_HOUSE_EDGE_BP: z.coerce.number().int().min(0).max(9_999).default(100),
  CRASH_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Run the live-style tables' round driver (baccarat, roulette, dragon tiger); tests turn it off. */
  HOUSE_TABLES_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** How long a table round takes bets (ms); journeys shorten it. */
  HOUSE_TABLES_BETTING_MS: z.coerce.number().int().min(1_000).default(15_000),
  /**
   * The cockfight arena's driver tick (ms): it finishes settlements that stopped midway and runs the simulated
   * arena; 0 never runs it on a timer (tests run it by name).
   */
  COCKFIGHT_TICK_MS: z.coerce.number().int().min(0).default(500),
  /** Run the demo's simulated cockfight arena (fights opened, closed and decided from committed seeds). */
  COCKFIGHT_SIMULATOR_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** The house slot's bet levels, decimals in the brand's currency (each must split exactly over 20 lines and 1%). */
  HOUSE_SLOT_BET_LEVELS: z
    .string()
    .default('1.00,2.00,5.00,10.00,20.00,50.00,100.00')
    .transform((value) => value.split(',').map((level) => level.trim())),
  /** A slot spin wins the jackpot with probability stake ÷ this; tests set it low to make wins happen. */
  HOUSE_JACKPOT_ODDS_STAKE: z.string().default('1000000.00'),
  /** What the house puts into the slot's jackpot pool at first and after every win. */
  HOUSE_JACKPOT_SEED: z.string().default('1000.00'),
  /** Lottery job (schedule ahead, close, draw, settle) period in ms; 0 never runs it on a timer. */
  LOTTERY_JOB_INTERVAL_MS: z.coerce.number().int().min(0).default(2_000),
  /** Tests and journeys: every speed game (LOTT/ELOTT) draws every N seconds. */
  LOTTERY_SPEED_DRAW_SECONDS: z.coerce.number().int().min(2).optional(),
  /** Tests and journeys: every VN game draws every N seconds instead of its daily schedule. */
  LOTTERY_VN_DRAW_EVERY_SECONDS: z.coerce.number().int().min(2).optional(),
  /** Tests and journeys: SEA 4D draws every N seconds instead of Wednesday, Saturday and Sunday. */
  LOTTERY_SEA_DRAW_EVERY_SECONDS: z.coerce.number().int().min(2).optional(),
  /** Overrides every lottery game's bet cut-off (seconds before the draw). */
  LOTTERY_CUTOFF_SECONDS: z.coerce.number().int().min(0).optional(),
  /** How often agent contract settlement (dividends, daily and hourly salaries, unpaid retries) runs. */
  AGENT_SETTLEMENT_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  /** Real-time salary: the run interval and the slot length (spec section 9: 5 minutes); tests shorten it. */
  AGENT_REALTIME_SALARY_INTERVAL_MS: z.coerce.number().int().min(100).default(300_000),
  /** How often ledger postings are folded into the members' and teams' roll-ups (0: only when asked, tests). */
  AGENT_FIGURES_FOLD_INTERVAL_MS: z.coerce.number().int().min(0).default(1_000),
  /**
   * How often the ledger is folded into missions, VIP and points (0: only when asked, tests). A fold that is still
   * running is not started again, so a short interval means "again as soon as the last one is done".
   */
  LOYALTY_FOLD_INTERVAL_MS: z.coerce.number().int().min(0).default(250),
  /**
   * How long the points a member earns wait at most to be credited: the fold gathers them and credits every member
   * in one round (postings of 63 members) this often, instead of a ledger posting per member and batch.
   */
  LOYALTY_POINTS_ROUND_MS: z.coerce.number().int().min(0).default(5_000),
  /**
   * How often the ledger is folded into the reports' roll-ups (dashboard, reports; 0: only when asked, tests). The
   * fold paces itself under load, as the loyalty fold does.
   */
  REPORTS_FOLD_INTERVAL_MS: z.coerce.number().int().min(0).default(1_000),
  /**
   * A vendor round with no wallet call for this many hours is settled as if the vendor had closed it (its
   * valid bet counts). The spec names no figure; 24 h outlasts any real game round.
   */
  GAME_ROUND_IDLE_CLOSE_HOURS: z.coerce.number().positive().max(8_760).default(24),
  /** How often idle vendor rounds are looked for and closed (0: only when asked, tests). */
  GAME_ROUND_IDLE_CHECK_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
  /**
   * The demo operator's password when the seed first creates it; unset: a random one, printed once by that
   * start. Stored hashed; changing it later does nothing (the operator already exists).
   */
  OPERATOR_INITIAL_PASSWORD: z.string().min(8).max(128).optional(),
  /** Seed demo brand, staff and content at start (idempotent). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

/** Every environment variable the platform reads (README's configuration table lists them all). */
export const configVariables = Object.keys(configSchema.shape);

export type AppConfig = Omit<
  z.infer<typeof configSchema>,
  'DATA_DIR' | 'WEB_DIST' | 'BACKOFFICE_DIST' | 'SANDBOX_GATEWAY_ENABLED'
> & {
  /** Whether the sandbox payment gateway runs: never in production unless asked for. */
  SANDBOX_GATEWAY_ENABLED: boolean;
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
    SANDBOX_GATEWAY_ENABLED: parsed.data.SANDBOX_GATEWAY_ENABLED ?? parsed.data.NODE_ENV !== 'production',
    DATA_DIR: dataDir,
    UPLOADS_DIR: path.join(dataDir, 'uploads'),
    WEB_DIST: path.resolve(repositoryRoot, parsed.data.WEB_DIST),
    BACKOFFICE_DIST: path.resolve(repositoryRoot, parsed.data.BACKOFFICE_DIST),
  };
};
