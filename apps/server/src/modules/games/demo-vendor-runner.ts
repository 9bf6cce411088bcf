import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import { registerDemoVendors } from './games.seed';
import {
  ensureVendorKey,
  type RunningVendorProcess,
  siteOrigins,
  startVendorProcess,
} from './vendor-process';

/**
 * Runs the demo game vendor (apps/demo-vendor) as its own process beside the platform (vendor-process.ts) and
 * connects every demo seamless vendor to it (`registerDemoVendors`).
 */

export type DemoVendorRunnerConfig = Pick<
  AppConfig,
  'DATA_DIR' | 'HOST' | 'LOG_LEVEL' | 'NODE_ENV' | 'PUBLIC_URL' | 'DEMO_VENDOR_ENABLED' | 'DEMO_VENDOR_PORT'
>;

export const demoVendorKeyFile = (dataDir: string): string =>
  path.join(dataDir, 'demo-vendor', 'vendor-key.pem');

/**
 * Starts the demo vendor process and connects the demo vendors to it. `platformUrl` is where the vendor calls
 * the wallet (the platform's own address). Undefined when DEMO_VENDOR_ENABLED=false.
 */
export const startDemoVendorBesidePlatform = async (
  config: DemoVendorRunnerConfig,
  db: Database,
  { platformUrl, log }: { platformUrl: string; log: FastifyBaseLogger },
): Promise<RunningVendorProcess | undefined> => {
  if (!config.DEMO_VENDOR_ENABLED) return undefined;
  const keyFile = demoVendorKeyFile(config.DATA_DIR);
  const { publicKeyPem } = await ensureVendorKey(keyFile);
  return startVendorProcess({
    name: 'demo vendor',
    main: '@wps/demo-vendor/main',
    environment: {
      NODE_ENV: config.NODE_ENV,
      LOG_LEVEL: config.LOG_LEVEL,
      DEMO_VENDOR_PLATFORM_URL: platformUrl,
      DEMO_VENDOR_HOST: config.HOST,
      DEMO_VENDOR_PORT: String(config.DEMO_VENDOR_PORT),
      DEMO_VENDOR_KEY_FILE: keyFile,
      DEMO_VENDOR_FRAME_ANCESTORS: siteOrigins(platformUrl, config.PUBLIC_URL).join(' '),
    },
    connect: ({ launchUrl }) => registerDemoVendors(db, { launchUrl, publicKeyPem }),
    log,
  });
};
