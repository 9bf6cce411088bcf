import type { AppConfig } from '../../../config';

export type CrashSettings = {
  bettingMs: number;
  pauseMs: number;
  tickMs: number;
  leaseMs: number;
  chainLength: number;
  houseEdgeBasisPoints: number;
};

export const crashSettingsOf = (config: AppConfig): CrashSettings => ({
  bettingMs: config.CRASH_BETTING_MS,
  pauseMs: config.CRASH_PAUSE_MS,
  tickMs: config.CRASH_TICK_MS,
  leaseMs: config.CRASH_LEASE_MS,
  chainLength: config.CRASH_CHAIN_LENGTH,
  houseEdgeBasisPoints: config.CRASH_HOUSE_EDGE_BP,
});
