import path from 'node:path';
import { esportsVendorCodes } from '@wps/contracts/games-rules';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import { registerSportsbookVendors } from './games.seed';
import {
  ensureVendorKey,
  type RunningVendorProcess,
  siteOrigins,
  startVendorProcess,
} from './vendor-process';

/**
 * Runs the sportsbook (apps/sportsbook) as its own process beside the platform (vendor-process.ts) and connects
 * the BTI and e-sports vendors to it, after the demo vendor (whose registration it overrides for those codes).
 */

export type SportsbookRunnerConfig = Pick<
  AppConfig,
  | 'DATA_DIR'
  | 'HOST'
  | 'LOG_LEVEL'
  | 'NODE_ENV'
  | 'PUBLIC_URL'
  | 'SPORTSBOOK_ENABLED'
  | 'SPORTSBOOK_PORT'
  | 'SPORTSBOOK_DATABASE_URL'
  | 'SPORTSBOOK_SPEED'
>;

export const startSportsbookBesidePlatform = async (
  config: SportsbookRunnerConfig,
  db: Database,
  { platformUrl, log }: { platformUrl: string; log: FastifyBaseLogger },
): Promise<RunningVendorProcess | undefined> => {
  if (!config.SPORTSBOOK_ENABLED) return undefined;
  const folder = path.join(config.DATA_DIR, 'sportsbook');
  const keyFile = path.join(folder, 'vendor-key.pem');
  const { publicKeyPem } = await ensureVendorKey(keyFile);
  return startVendorProcess({
    name: 'sportsbook',
    main: '@wps/sportsbook/main',
    environment: {
      NODE_ENV: config.NODE_ENV,
      LOG_LEVEL: config.LOG_LEVEL,
      SPORTSBOOK_PLATFORM_URL: platformUrl,
      SPORTSBOOK_HOST: config.HOST,
      SPORTSBOOK_PORT: String(config.SPORTSBOOK_PORT),
      SPORTSBOOK_KEY_FILE: keyFile,
      SPORTSBOOK_DATA_DIR: path.join(folder, 'store'),
      ...(config.SPORTSBOOK_DATABASE_URL ? { SPORTSBOOK_DATABASE_URL: config.SPORTSBOOK_DATABASE_URL } : {}),
      SPORTSBOOK_FRAME_ANCESTORS: siteOrigins(platformUrl, config.PUBLIC_URL).join(' '),
      SPORTSBOOK_ESPORTS_VENDORS: esportsVendorCodes.join(' '),
      SPORTSBOOK_SPEED: String(config.SPORTSBOOK_SPEED),
    },
    connect: ({ launchUrl }) => registerSportsbookVendors(db, { launchUrl, publicKeyPem }),
    log,
  });
};
