import type { RedEnvelope } from '@wps/contracts/promotion-games';
import { formatMinorUnits } from '@wps/contracts/money';
import { phaseOf } from '../eligibility/check-eligibility';
import type { PromotionGameDependencies } from '../promotion-games/game-types';
import * as repository from '../promotion-games.repository';
import { openRedEnvelope } from './open-red-envelope';
import { findRedEnvelope } from './red-envelope-promotion';

/** The envelope for the member: opened (packets written) the first time it is seen open. */
export const viewRedEnvelope = async (
  deps: PromotionGameDependencies,
  member: { id: bigint; brandId: bigint },
  promotionId: bigint,
): Promise<RedEnvelope> => {
  const envelope = await findRedEnvelope(deps, deps.db, member.brandId, promotionId);
  const { row, config, currency } = envelope;
  const phase = phaseOf(row, deps.now());
  if (phase === 'open') await openRedEnvelope(deps, envelope);
  const counts = await repository.countPackets(deps.db, row.id);
  const mine = await repository.findMemberPacket(deps.db, row.id, member.id);
  const exponent = await deps.ledger.getCurrencyExponent(currency);
  return {
    promotionId: row.id.toString(),
    phase,
    opensAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    packets: counts.packets > 0 ? counts.packets : config.packets,
    packetsLeft: counts.packets > 0 ? counts.left : config.packets,
    mine: mine
      ? {
          amount: formatMinorUnits(mine.amount, exponent),
          takenAt: (mine.takenAt ?? row.startsAt).toISOString(),
        }
      : null,
  };
};
