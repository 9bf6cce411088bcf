import type { ResponseValue } from '@wps/contracts/envelope';
import type { launchGameResponseSchema, LaunchGameResult } from '@wps/contracts/games';
import { apiRequest } from '../../../lib/api-client';

export type LaunchMode = LaunchGameResult['mode'];
export type LaunchRequest = { nodeId: number; language: string; mode: LaunchMode };

/**
 * The vendor's URL for a game: real money through `/game/launchGame` (the member's token; the answer holds a
 * fresh launch token), the vendor's demo through `/game/launchDemo` (anyone, guests included).
 */
export const launchGame = ({ nodeId, language, mode }: LaunchRequest): Promise<LaunchGameResult> =>
  apiRequest<ResponseValue<typeof launchGameResponseSchema>>(
    mode === 'demo' ? '/game/launchDemo' : '/game/launchGame',
    {
      method: 'POST',
      body: { nodeId, language },
    },
  );
