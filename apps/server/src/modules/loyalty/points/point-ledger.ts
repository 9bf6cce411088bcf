import type { Executor } from '../../../db/database';
import type { LedgerService } from '../../wallet/ledger.service';

/** Loyalty points are a ledger currency of their own (whole points, migration 0047). */
export const pointsCurrency = 'PTS';

/**
 * Why points moved; the ledger kind of the posting. None ends in '.bet', '.win' or '.refund', so no reader of
 * game postings takes them for play (and they are in PTS, never the brand's currency).
 */
export type PointMovement =
  'points.earn' | 'points.mission' | 'points.redeem' | 'points.return' | 'points.convert' | 'points.adjust';

export type PointPosting = {
  brandId: bigint;
  memberId: bigint;
  /** Positive: credited to the member; negative: taken (refused when the member has fewer). */
  points: bigint;
  movement: PointMovement;
  /** Unique per brand: the same key posts once (a retry answers the first posting). */
  idempotencyKey: string;
  reference?: string;
  memo?: string;
};

/**
 * Moves points between the brand's `loyalty_points` account and the member's `member_points` account, in
 * `executor`'s transaction. A member's points never go below zero (the ledger refuses with insufficient funds).
 */
export const postPoints = async (ledger: LedgerService, executor: Executor, posting: PointPosting) => {
  if (posting.points === 0n) throw new RangeError('A points posting moves at least one point');
  const options = { executor };
  const member = await ledger.ensureMemberAccount(
    posting.brandId,
    posting.memberId,
    pointsCurrency,
    'member_points',
    options,
  );
  const issuer = await ledger.ensureSystemAccount(
    posting.brandId,
    'loyalty_points',
    pointsCurrency,
    '',
    options,
  );
  return ledger.post(
    {
      brandId: posting.brandId,
      idempotencyKey: posting.idempotencyKey,
      kind: posting.movement,
      legs: [
        { accountId: member.id, amount: posting.points },
        { accountId: issuer.id, amount: -posting.points },
      ],
      ...(posting.reference === undefined ? {} : { reference: posting.reference }),
      ...(posting.memo === undefined ? {} : { memo: posting.memo }),
    },
    options,
  );
};

/** The member's points balance (0 before any were earned). */
export const pointBalance = async (
  ledger: LedgerService,
  executor: Executor,
  brandId: bigint,
  memberId: bigint,
) => {
  const account = await ledger.ensureMemberAccount(brandId, memberId, pointsCurrency, 'member_points', {
    executor,
  });
  return ledger.getBalance(account.id, { executor });
};
