import type { Transaction } from '../../../db/database';
import * as repository from '../vendor-wallet.repository';
import type { Member, WalletCallContext } from './wallet-context';

/**
 * After a change to a settled round: count the growth of its valid bet on turnover, once, and take back what a
 * refund after settlement removed from it (a rollback takes its contribution back).
 */
export const recordTurnover = async (
  { turnover }: Pick<WalletCallContext, 'turnover'>,
  tx: Transaction,
  party: { member: Pick<Member, 'id' | 'brandId'>; currency: string },
  round: repository.WalletRoundRow,
): Promise<void> => {
  if (round.status !== 'settled') return;
  const increase = round.validBet - round.turnoverRecorded;
  if (increase === 0n) return;
  if (increase < 0n) {
    await turnover.reverseValidBet(tx, {
      brandId: party.member.brandId,
      memberId: party.member.id,
      currency: party.currency,
      amount: -increase,
      reference: `round:${round.id}:${round.turnoverRecorded}-${round.validBet}`,
      productLine: round.productLine,
    });
    await repository.setTurnoverRecorded(tx, round.id, round.validBet);
    return;
  }
  await turnover.recordValidBet(tx, {
    brandId: party.member.brandId,
    memberId: party.member.id,
    currency: party.currency,
    amount: increase,
    // A round settles once as a rule; one that re-opens and settles again adds only the difference.
    reference: round.turnoverRecorded === 0n ? `round:${round.id}` : `round:${round.id}:${round.validBet}`,
    productLine: round.productLine,
  });
  await repository.setTurnoverRecorded(tx, round.id, round.validBet);
};
