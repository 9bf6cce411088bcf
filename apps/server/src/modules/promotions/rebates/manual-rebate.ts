import { formatMinorUnits } from '@wps/contracts/money';
import type { ManualRebate, RebateClaim } from '@wps/contracts/rebates';
import { AppError } from '../../../http/app-error';
import {
  insertRebateClaim,
  listPayingPromotions,
  listRebateClaims,
  readMemberRebate,
  setClaimTransaction,
  takeMemberRebates,
} from '../rebates.repository';
import { accrueMemberRebates } from './accrue-rebates';
import { type RebateDependencies, type RebateOwner, turnoverOf } from './rebate-types';

const claimsShown = 20;

const isoOf = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The manual rebate page: the member's rebate is brought up to date first (yesterday and today so far), so the
 * page shows what a claim would pay now.
 */
export const readManualRebate = async (
  deps: RebateDependencies,
  owner: RebateOwner,
): Promise<ManualRebate> => {
  const { db, ledger } = deps;
  const now = deps.now();
  const promotions = await listPayingPromotions(db, 'rebate', now, owner.brandId);
  await accrueMemberRebates(db, promotions, owner.memberId, now);
  const today = promotions[0]?.today ?? now.toISOString().slice(0, 10);
  const exponent = await ledger.getCurrencyExponent(owner.currency);
  const money = (amount: bigint) => formatMinorUnits(amount, exponent);
  const { lines, claimable } = await readMemberRebate(db, owner.brandId, owner.memberId, today);
  const claims = await listRebateClaims(db, owner.memberId, claimsShown);
  return {
    currency: owner.currency,
    lines: lines.map((line) => ({
      productLine: line.product_line,
      validBet: money(line.valid_bet),
      amount: money(line.amount),
    })),
    claimable: money(claimable),
    claims: claims.map((claim) => ({
      id: claim.id.toString(),
      amount: money(claim.amount),
      days: Object.keys(claim.days).sort(),
      createdAt: isoOf(claim.created_at),
    })),
  };
};

/**
 * Pays everything accrued and not yet claimed, once: in one transaction the member's rebate is brought up to
 * date, the unpaid days are locked and marked paid (a concurrent claim waits, then finds them paid and pays
 * nothing), one claim row is written and its amount posted promotion → member cash under `rebate-claim:<id>`,
 * with the turnover each promotion asks for.
 */
export const claimManualRebate = async (
  deps: RebateDependencies,
  owner: RebateOwner,
): Promise<RebateClaim> => {
  const { db, ledger, turnover, wallet } = deps;
  const { brandId, memberId, currency } = owner;
  // Player protection: promotion money waits while the member is in a time-out or self-exclusion.
  if ((await deps.playBlockedAmong([memberId], db)).has(memberId)) throw new AppError('PLAYER_EXCLUDED');
  const now = deps.now();
  const promotions = await listPayingPromotions(db, 'rebate', now, brandId);
  // Accounts are found outside the transaction, so the ledger caches them.
  const house = await ledger.ensureSystemAccount(brandId, 'promotion', currency);
  const cash = await ledger.ensureMemberAccount(brandId, memberId, currency);
  const exponent = await ledger.getCurrencyExponent(currency);
  const claim = await db.transaction(async (tx) => {
    await accrueMemberRebates(tx, promotions, memberId, now);
    const owed = await takeMemberRebates(tx, brandId, memberId);
    if (owed.length === 0) return null;
    let amount = 0n;
    let required = 0n;
    const byDay = new Map<string, bigint>();
    for (const row of owed) {
      amount += row.amount;
      required += turnoverOf(row.amount, row.turnover_percent);
      byDay.set(row.day, (byDay.get(row.day) ?? 0n) + row.amount);
    }
    const days = Object.fromEntries(
      [...byDay].map(([day, value]) => [day, formatMinorUnits(value, exponent)]),
    );
    const id = await insertRebateClaim(tx, { brandId, memberId, currency, amount, days });
    const posted = await ledger.post(
      {
        brandId,
        idempotencyKey: `rebate-claim:${id}`,
        kind: 'rebate',
        reference: `rebate-claim:${id}`,
        legs: [
          { accountId: house.id, amount: -amount },
          { accountId: cash.id, amount },
        ],
      },
      { executor: tx },
    );
    await setClaimTransaction(tx, id, posted.transactionId);
    if (required > 0n) {
      await turnover.addRequirement(tx, {
        brandId,
        memberId,
        currency,
        amount: required,
        reference: `rebate-claim:${id}`,
        source: 'bonus',
      });
    }
    return { id, amount };
  });
  if (!claim) throw new AppError('NOTHING_TO_CLAIM');
  wallet.notifyBalance(memberId);
  return { id: claim.id.toString(), amount: formatMinorUnits(claim.amount, exponent) };
};
