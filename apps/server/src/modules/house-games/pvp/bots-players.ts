import type { Executor } from '../../../db/database';
import type { HoldemPlayer } from './holdem-engine';
import type { PvpContext } from './pvp-context';

/**
 * House bots as the rest of the card rooms see them. A bot is no member: its seat has no member id (`is_bot`),
 * its player in a hand's state carries `bot:<seat id>` where a member's id would be, and its chips come from
 * and go back to the brand's bots account, a house account (kind `house`, scope `pvp-bots`): the house's
 * float for bot buy-ins, whose balance plus the chips bots hold at the tables is the house's result from them.
 */

export const botPlayerName = 'Bot';
export const botAccountScope = 'pvp-bots';

/** The id a bot's player carries in a hand's state (where a member's id would be). */
export const botPlayerId = (seatId: bigint): string => `bot:${seatId}`;

export const isBotPlayer = (player: Pick<HoldemPlayer, 'memberId'>): boolean =>
  player.memberId.startsWith('bot:');

/** The member behind a player of a hand, or null for a bot. */
export const memberIdOf = (player: Pick<HoldemPlayer, 'memberId'>): bigint | null =>
  isBotPlayer(player) ? null : BigInt(player.memberId);

/** The brand's bots account in one currency. */
export const botsAccount = (
  { ledger }: Pick<PvpContext, 'ledger'>,
  brandId: bigint,
  currency: string,
  executor: Executor,
) => ledger.ensureSystemAccount(brandId, 'house', currency, botAccountScope, { executor });
