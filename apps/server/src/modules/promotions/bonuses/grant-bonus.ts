import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import * as repository from '../bonuses.repository';
import type { BonusRow } from '../bonuses.repository';
import { bonusAccountOf, promotionAccountOf } from './bonus-accounts';
import type { BonusDependencies, BonusGrant } from './bonus-types';
import { endBonus } from './end-bonus';

const dayMs = 86_400_000;
/** Advisory lock namespace of a member's bonuses: grants of one member queue, other members do not wait. */
const bonusLockNamespace = 0x626f6e;

/** Serialises the bonus grants of one member in the caller's transaction. */
export const lockMemberBonuses = async (tx: Executor, memberId: bigint): Promise<void> => {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${bonusLockNamespace}::int, ${Number(memberId % 2_147_483_647n)}::int)`,
  );
};

/**
 * Credits a wagering bonus to the member's bonus balance, in the caller's transaction, once per reference. A
 * member has one active bonus at a time: one still holding money refuses the grant (BONUS_ALREADY_ACTIVE); one
 * played down to nothing ends as lost first. A bonus with nothing to wager is cash at once.
 */
export const grantBonus = async (
  deps: Pick<BonusDependencies, 'ledger' | 'wallet' | 'now'>,
  tx: Executor,
  grant: BonusGrant,
): Promise<BonusRow> => {
  if (grant.amount <= 0n) throw new RangeError('A bonus is a positive amount');
  await lockMemberBonuses(tx, grant.memberId);
  const existing = await repository.findBonusByReference(tx, grant.memberId, grant.reference);
  if (existing) return existing;
  const bonusAccount = await bonusAccountOf(deps, grant, tx);
  const active = await repository.lockActiveBonus(tx, grant.memberId, grant.currency);
  if (active) {
    const left = await deps.ledger.getBalance(bonusAccount.id, { executor: tx });
    if (left > 0n) throw new AppError('BONUS_ALREADY_ACTIVE');
    await endBonus(deps, tx, active, 'lost');
  }
  const promotion = await promotionAccountOf(deps, grant, tx);
  const posting = await deps.ledger.post(
    {
      brandId: grant.brandId,
      idempotencyKey: `bonus-grant:${grant.memberId}:${grant.reference}`,
      // 'bonus.*' kinds show as bonus in the account record (the first segment is the record type).
      kind: 'bonus.grant',
      reference: grant.reference,
      memo: grant.title,
      legs: [
        { accountId: promotion.id, amount: -grant.amount },
        { accountId: bonusAccount.id, amount: grant.amount },
      ],
    },
    { executor: tx },
  );
  const { terms } = grant;
  const base = grant.amount + (terms.base === 'bonus_deposit' ? (grant.depositAmount ?? 0n) : 0n);
  const now = deps.now();
  const bonus = await repository.insertBonus(tx, {
    brandId: grant.brandId,
    memberId: grant.memberId,
    currency: grant.currency,
    promotionId: grant.promotionId,
    reference: grant.reference,
    title: grant.title,
    amount: grant.amount,
    wageringRequired: base * BigInt(terms.multiplier),
    contributions: terms.contributions,
    maxStake: terms.maxStake,
    grantedAt: now,
    expiresAt: new Date(now.getTime() + terms.expiresInDays * dayMs),
    grantTransactionId: posting.transactionId,
  });
  return bonus.wageringRequired === 0n ? endBonus(deps, tx, bonus, 'completed') : bonus;
};
