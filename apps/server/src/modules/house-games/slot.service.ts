import type { SlotSpinRequest } from '@wps/contracts/house-games';
import type { SlotBrand, SlotMember, SlotServiceDependencies } from './slot/slot-context';
import { describeSlot, gameReturn } from './slot/slot-info';
import { showJackpot } from './slot/slot-jackpot';
import { spin } from './slot/spin';

// house-games.module.ts registers the verifier from here; they live with the use cases in slot/.
export { slotFairnessGame, verifySlotRound } from './slot/verify-slot-round';
export type { SlotProof } from './slot/slot-proof';
export type { SlotBrand, SlotMember, SlotServiceDependencies, SlotSettings } from './slot/slot-context';

/**
 * The house slot: info for the page, and a spin. A spin is one database transaction: the member's seed pair
 * is locked and its next nonce taken; the reels (and free spins, played at once, in the same round) and the
 * jackpot draw come from HMAC(server seed, client seed:nonce); the round row, the bet (stake less the
 * jackpot's share to the house, the share to the pool), the win, a jackpot payout with the pool's reseed,
 * the round's calls, the turnover and the spin row are written together. Ledger keys are
 * `house-slot:<roundId>:bet|win|jackpot`. A retry with the same request id answers the stored spin.
 *
 * Each job is a use case in slot/ (`spin.ts` is the money path); this binds them to the dependencies.
 */
export const createSlotService = (deps: SlotServiceDependencies) => ({
  info: (brand: SlotBrand) => describeSlot(deps, brand),
  spin: (member: SlotMember, brand: SlotBrand, request: SlotSpinRequest) =>
    spin(deps, member, brand, request),
  jackpot: (brand: SlotBrand) => showJackpot(deps, brand),
  /** The exact return of the game alone (for the benchmark and the page). */
  gameReturn: () => gameReturn,
});

export type SlotService = ReturnType<typeof createSlotService>;
