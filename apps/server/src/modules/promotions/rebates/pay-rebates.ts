import type { LedgerService } from '../../wallet/ledger.service';
import {
  listPayingPromotions,
  listUnpaidRebates,
  type PayingPromotion,
  takeUnpaidRebates,
} from '../rebates.repository';
import { accrueRebateDay } from './accrue-rebates';
import { type RebateDependencies, turnoverOf } from './rebate-types';

export const payRebatesJobName = 'promotions.rebates';

/** Members' cash accounts of one chunk, by member (created for the rare member who has none yet). */
const cashAccountsOf = async (
  ledger: LedgerService,
  promotion: PayingPromotion,
  rows: ReadonlyArray<{ member_id: bigint; account_id: bigint | null }>,
): Promise<Map<bigint, bigint>> => {
  const accounts = new Map<bigint, bigint>();
  for (const row of rows) {
    accounts.set(
      row.member_id,
      row.account_id ??
        (await ledger.ensureMemberAccount(promotion.brandId, row.member_id, promotion.currency)).id,
    );
  }
  return accounts;
};

/**
 * Pays a day's accrued rebate of one promotion straight to cash, chunk by chunk: the chunk's rows are read with
 * their accounts outside any transaction (so the ledger caches the accounts in one query), then one transaction
 * marks them paid with a conditional update (rows already paid, or held by another payer, drop out), posts each
 * member's payment in one batched statement (`rebate:<promotionId>:<day>:<memberId>`) and adds the turnover.
 * Answers the members paid here.
 */
export const payRebateDay = async (
  deps: RebateDependencies,
  promotion: PayingPromotion,
  day: string,
): Promise<number> => {
  const { db, ledger, turnover, wallet, payChunkSize } = deps;
  const { brandId, currency } = promotion;
  const house = await ledger.ensureSystemAccount(brandId, 'promotion', currency);
  let after = 0n;
  let paid = 0;
  for (;;) {
    const rows = await listUnpaidRebates(db, promotion.id, day, after, payChunkSize);
    const last = rows.at(-1);
    if (!last) break;
    after = last.member_id;
    const cash = await cashAccountsOf(ledger, promotion, rows);
    await ledger.preloadAccounts([house.id, ...cash.values()]);
    const owed = await db.transaction(async (tx) => {
      const taken = await takeUnpaidRebates(
        tx,
        promotion.id,
        day,
        rows.map((row) => row.member_id),
      );
      if (taken.length === 0) return taken;
      await ledger.postBatch(
        brandId,
        taken.map((row) => {
          const account = cash.get(row.member_id);
          if (account === undefined) throw new Error(`no cash account for member ${row.member_id}`);
          return {
            brandId,
            idempotencyKey: `rebate:${promotion.id}:${day}:${row.member_id}`,
            kind: 'rebate',
            reference: `promotion:${promotion.id}`,
            memo: `rebate ${day}`,
            legs: [
              { accountId: house.id, amount: -row.amount },
              { accountId: account, amount: row.amount },
            ],
          };
        }),
        { executor: tx },
      );
      const changes = taken
        .map((row) => ({
          brandId,
          memberId: row.member_id,
          currency,
          amount: turnoverOf(row.amount, promotion.turnoverPercent),
          reference: `rebate:${promotion.id}:${day}`,
        }))
        .filter((change) => change.amount > 0n);
      await turnover.addRequirements(tx, changes, 'bonus');
      return taken;
    });
    paid += owed.length;
    for (const row of owed) wallet.notifyBalance(row.member_id);
  }
  return paid;
};

/**
 * The daily rebate: for every live rebate promotion, yesterday (in its brand's time zone) is computed into
 * accruals in one statement and, unless the brand's members claim it themselves, paid. Safe to run again and
 * on several instances at once: what is paid is marked paid in the posting's transaction. Answers the members
 * paid.
 */
export const payDailyRebates = async (deps: RebateDependencies): Promise<number> => {
  const now = deps.now();
  let paid = 0;
  for (const promotion of await listPayingPromotions(deps.db, 'rebate', now)) {
    const isManual = await deps.isManualRebate(promotion.brandId);
    await accrueRebateDay(deps.db, promotion, promotion.yesterday, now, { isFinal: !isManual });
    if (!isManual) paid += await payRebateDay(deps, promotion, promotion.yesterday);
  }
  return paid;
};
