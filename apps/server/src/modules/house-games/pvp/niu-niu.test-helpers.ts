import { createHash, randomUUID } from 'node:crypto';
import type { PvpTableView } from '@wps/contracts/pvp';
import type { NiuNiuActionKind } from '@wps/contracts/pvp-niu-niu';
import { shuffleDeck } from './deck';
import { dealNiuNiu, evaluateNiuNiu, type NiuNiuHand } from './niu-niu.rules';
import type { PvpService } from './pvp.service';
import { type Player, viewOf } from './pvp.test-helpers';

/**
 * Seeds whose Niu-Niu deal to `players` (in dealing order) `accept`s, from a fixed list, so a test always deals
 * the same cards. The nonce is the hand's number at its table (1 for a table's first hand).
 */
export const seedsDealingNiuNiu = (players: number, accept: (hands: NiuNiuHand[]) => boolean, nonce = 1) => {
  for (let attempt = 0; attempt < 100_000; attempt += 1) {
    const serverSeed = createHash('sha256').update(`niu-niu-test-seed-${attempt}`).digest('hex');
    const clientSeed = 'niu-niu-test';
    const deal = dealNiuNiu(shuffleDeck({ serverSeed, clientSeed, nonce }), players);
    if (accept(deal.hands.map((cards) => evaluateNiuNiu(cards)))) return { serverSeed, clientSeed };
  }
  throw new Error('no test seed deals such hands');
};

/** The player's banker bid or bet multiplier in the Niu-Niu hand in play, with a fresh action id unless given. */
export const playNiuNiu = async (
  service: PvpService,
  player: Player,
  tableId: string,
  kind: NiuNiuActionKind,
  multiplier: number,
  options: { actionId?: string } = {},
): Promise<PvpTableView> => {
  const view = await viewOf(service, player, tableId);
  const handId = view.table.niuNiu?.handId;
  if (!handId) throw new Error('no Niu-Niu hand in play');
  return service.actNiuNiu(player.member, tableId, {
    handId,
    actionId: options.actionId ?? randomUUID(),
    kind,
    multiplier,
  });
};
