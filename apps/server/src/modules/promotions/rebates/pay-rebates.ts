import { recordAuditEvent } from '../../audit/audit.service';
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

type UnpaidRow = { member_id: bigint; account_id: bigint | null };

/**
 * Pays one chunk: its accounts go into the ledger cache in one query (outside any transaction), then one
 * transaction marks the rows paid (rows already paid, or held by another payer, drop out), posts each member's
 * payment in one batched statement (`rebate:<promotionId>:<day>:<memberId>`) and adds the turnover in one
 * statement, and records the chunk in the audit trail. Answers the members paid.
 */
const payChunk = async (
  deps: RebateDependencies,
  promotion: PayingPromotion,
  day: string,
  houseId: bigint,
  rows: readonly UnpaidRow[],
): Promise<number> => {
  const { db, ledger, turnover, wallet } = deps;
  const { brandId, currency } = promotion;
  const cash = await cashAccountsOf(ledger, promotion, rows);
  await ledger.preloadAccounts([houseId, ...cash.values()]);
  const shardKey = `rebate:${promotion.id}:${day}:${rows[0]?.member_id ?? 0n}`;
  const owed = await db.transaction(async (tx) => {
    const memberIds = rows.map((row) => row.member_id);
    // Player protection: members in a time-out or self-exclusion are left unpaid (one read for the chunk).
    const blocked = await deps.playBlockedAmong(memberIds, tx);
    const payable = memberIds.filter((memberId) => !blocked.has(memberId));
    const taken = payable.length === 0 ? [] : await takeUnpaidRebates(tx, promotion.id, day, payable);
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
          // One shard of the promotion account per chunk, so concurrent chunks do not queue on all its shards.
          shardKey,
          legs: [
            { accountId: houseId, amount: -row.amount },
            { accountId: account, amount: row.amount },
          ],
        };
      }),
      { executor: tx },
    );
    // One row per chunk, not per member: the ledger holds each member's payment under its own key.
    await recordAuditEvent(tx, {
      actor: { type: 'system', id: payRebatesJobName },
      action: 'promotions.rebate.pay',
      entityType: 'promotion',
      entityId: promotion.id.toString(),
      after: {
        day,
        members: taken.length,
        total: taken.reduce((sum, row) => sum + row.amount, 0n).toString(),
        currency,
        firstMemberId: taken[0]?.member_id.toString() ?? null,
        lastMemberId: taken.at(-1)?.member_id.toString() ?? null,
      },
    });
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
  for (const row of owed) wallet.notifyBalance(row.member_id);
  return owed.length;
};

/**
 * Pays a day's accrued rebate of one promotion straight to cash: pages of unpaid rows in member order, each
 * page split into chunks paid by `payConcurrency` transactions at once (each locks only its own members'
 * rows; the ledger batch locks balance rows in one ordered statement, so chunks never deadlock). Answers the
 * members paid here.
 */
export const payRebateDay = async (
  deps: RebateDependencies,
  promotion: PayingPromotion,
  day: string,
): Promise<number> => {
  const { db, ledger, payChunkSize, payConcurrency } = deps;
  const house = await ledger.ensureSystemAccount(promotion.brandId, 'promotion', promotion.currency);
  let after = 0n;
  let paid = 0;
  for (;;) {
    const rows = await listUnpaidRebates(db, promotion.id, day, after, payChunkSize * payConcurrency);
    const last = rows.at(-1);
    if (!last) break;
    after = last.member_id;
    const chunks: UnpaidRow[][] = [];
    for (let start = 0; start < rows.length; start += payChunkSize) {
      chunks.push(rows.slice(start, start + payChunkSize));
    }
    const counts = await Promise.all(chunks.map((chunk) => payChunk(deps, promotion, day, house.id, chunk)));
    paid += counts.reduce((total, count) => total + count, 0);
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
