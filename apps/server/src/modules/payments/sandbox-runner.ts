import { type RunningSandboxGateway, startSandboxGateway } from '@wps/sandbox-gateway/sandbox-gateway';
import type { AppConfig } from '../../config';
import { requestLogController } from '../../http/request-logging';
import type { Database } from '../../db/database';
import { createSandboxSecretLookup } from './channels.service';

const isAddressInUse = (error: unknown): boolean =>
  error instanceof Error && (error as Error & { code?: unknown }).code === 'EADDRINUSE';

/**
 * Starts the sandbox payment gateway in the platform's process (npm start, the browser journeys), on
 * SANDBOX_GATEWAY_PORT; when that port is taken (another platform on this machine), on a free one, since
 * only the platform and the player's browser need to know it. It listens on loopback only, whatever HOST
 * says: its pretend payments are for a demo on this machine. Undefined when SANDBOX_GATEWAY_ENABLED is false
 * (by default in production).
 */
export const startSandboxBesidePlatform = async (
  config: Pick<AppConfig, 'LOG_LEVEL' | 'NODE_ENV' | 'SANDBOX_GATEWAY_ENABLED' | 'SANDBOX_GATEWAY_PORT'>,
  db: Database,
): Promise<RunningSandboxGateway | undefined> => {
  if (!config.SANDBOX_GATEWAY_ENABLED) return undefined;
  const options = {
    host: '127.0.0.1',
    lookupMerchantSecret: createSandboxSecretLookup(db),
    logger: { level: config.LOG_LEVEL },
    // In development each request at debug, as the platform's own (the payment pages would flood the terminal).
    logController: requestLogController(config.NODE_ENV),
  };
  try {
    return await startSandboxGateway({ ...options, port: config.SANDBOX_GATEWAY_PORT });
  } catch (error) {
    if (!isAddressInUse(error) || config.SANDBOX_GATEWAY_PORT === 0) throw error;
    return startSandboxGateway({ ...options, port: 0 });
  }
};
