import type { RedEnvelopeGrab } from '@wps/contracts/promotion-games';
import { formatMinorUnits } from '@wps/contracts/money';
import { AppError } from '../../../http/app-error';
import { type Claimant, ineligibilityOf } from '../eligibility/check-eligibility';
import type { PromotionGameDependencies } from '../promotion-games/game-types';
import { payPrize, turnoverOf } from '../promotion-games/pay-prize';
import * as repository from '../promotion-games.repository';
import { insertClaim } from '../promotions.repository';
import { openRedEnvelope } from './open-red-envelope';
import { findRedEnvelope } from './red-envelope-promotion';

/**
 * A member grabs a packet, first come first served, in one transaction: eligibility, the member's claim
 * within the promotion's limit, the next free packet, its payment to cash with its turnover, and a claimed
 * reward in the reward centre's history. No packet left rolls the claim back (RED_ENVELOPE_EMPTY).
 */
export const grabPacket = async (
  deps: PromotionGameDependencies,
  member: Claimant & { brandId: bigint },
  promotionId: bigint,
): Promise<RedEnvelopeGrab> => {
  const envelope = await findRedEnvelope(deps, deps.db, member.brandId, promotionId);
  const now = deps.now();
  const early = await ineligibilityOf(deps.db, envelope.row, member, now, deps);
  if (early !== null) throw new AppError(early);
  await openRedEnvelope(deps, envelope);
  const { row, currency } = envelope;
  const packet = await deps.db.transaction(async (tx) => {
    const reason = await ineligibilityOf(tx, row, member, now, deps);
    if (reason !== null) throw new AppError(reason);
    const claimed = await insertClaim(tx, {
      promotionId: row.id,
      memberId: member.id,
      brandId: row.brandId,
      reference: 'red-envelope',
      limit: row.claimLimit,
    });
    if (!claimed) throw new AppError('PROMOTION_ALREADY_CLAIMED');
    const taken = await repository.takeNextPacket(tx, row.id, member.id, now);
    if (!taken) throw new AppError('RED_ENVELOPE_EMPTY');
    const key = `red-envelope:${taken.id}`;
    const turnoverRequired = turnoverOf(taken.amount, row.turnoverPercent);
    const transactionId = await payPrize(deps, tx, {
      brandId: row.brandId,
      memberId: member.id,
      currency,
      amount: taken.amount,
      key,
      memo: row.content.en.title,
      turnoverRequired,
    });
    await repository.insertReward(tx, {
      brandId: row.brandId,
      memberId: member.id,
      currency,
      source: 'red_envelope',
      promotionId: row.id,
      reference: key,
      title: row.content.en.title,
      amount: taken.amount,
      turnoverRequired,
      status: 'claimed',
      claimedAt: now,
      ledgerTransactionId: transactionId,
    });
    return taken;
  });
  deps.wallet.notifyBalance(member.id);
  const exponent = await deps.ledger.getCurrencyExponent(currency);
  const { left } = await repository.countPackets(deps.db, row.id);
  return { amount: formatMinorUnits(packet.amount, exponent), packetsLeft: left };
};
