import { type RunningSandboxGateway, startSandboxGateway } from '@wps/sandbox-gateway/sandbox-gateway';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import { createSandboxSecretLookup } from './channels.service';

const isAddressInUse = (error: unknown): boolean =>
  error instanceof Error && (error as Error & { code?: unknown }).code === 'EADDRINUSE';

/**
 * Starts the sandbox payment gateway in the platform's process (npm start, the browser journeys), on
 * SANDBOX_GATEWAY_PORT; when that port is taken (another platform on this machine), on a free one, since
 * only the platform and the player's browser need to know it. Undefined when SANDBOX_GATEWAY_ENABLED=false.
 */
export const startSandboxBesidePlatform = async (
  config: Pick<AppConfig, 'HOST' | 'LOG_LEVEL' | 'SANDBOX_GATEWAY_ENABLED' | 'SANDBOX_GATEWAY_PORT'>,
  db: Database,
): Promise<RunningSandboxGateway | undefined> => {
  if (!config.SANDBOX_GATEWAY_ENABLED) return undefined;
  const options = {
    host: config.HOST,
    lookupMerchantSecret: createSandboxSecretLookup(db),
    logger: { level: config.LOG_LEVEL },
  };
  try {
    return await startSandboxGateway({ ...options, port: config.SANDBOX_GATEWAY_PORT });
  } catch (error) {
    if (!isAddressInUse(error) || config.SANDBOX_GATEWAY_PORT === 0) throw error;
    return startSandboxGateway({ ...options, port: 0 });
  }
};
