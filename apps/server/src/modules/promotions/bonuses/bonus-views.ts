import type { Bonus } from '@wps/contracts/promotions';
import type { Executor } from '../../../db/database';
import * as repository from '../bonuses.repository';
import type { BonusRow } from '../bonuses.repository';
import { bonusAccountOf } from './bonus-accounts';
import type { BonusDependencies, BonusOwner } from './bonus-types';

const historyLimit = 50;

const toBonus = async (
  { wallet }: Pick<BonusDependencies, 'wallet'>,
  row: BonusRow,
  balance: bigint,
): Promise<Bonus> => {
  const format = (amount: bigint) => wallet.formatAmount(amount, row.currency);
  return {
    id: row.id.toString(),
    promotionId: row.promotionId?.toString() ?? null,
    title: row.title,
    status: row.status as Bonus['status'],
    amount: await format(row.amount),
    balance: await format(balance),
    wageringRequired: await format(row.wageringRequired),
    wageringDone: await format(
      row.wageringDone < row.wageringRequired ? row.wageringDone : row.wageringRequired,
    ),
    contributions: row.contributions,
    maxStake: await format(row.maxStake),
    expiresAt: row.expiresAt.toISOString(),
    grantedAt: row.grantedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    settledAmount: row.settledAmount === null ? null : await format(row.settledAmount),
  };
};

/** The member's active bonus (with the bonus balance) and their bonus history, newest first. */
export const listBonuses = async (
  deps: Pick<BonusDependencies, 'db' | 'ledger' | 'wallet'>,
  owner: BonusOwner,
): Promise<{ active: Bonus | null; history: Bonus[] }> => {
  const rows = await repository.listMemberBonuses(deps.db, owner.memberId, historyLimit);
  const active = rows.find((row) => row.status === 'active' && row.currency === owner.currency);
  const account = await bonusAccountOf(deps, owner, deps.db);
  const balance = await deps.ledger.getBalance(account.id);
  return {
    active: active ? await toBonus(deps, active, balance) : null,
    history: await Promise.all(rows.filter((row) => row !== active).map((row) => toBonus(deps, row, 0n))),
  };
};

/** The member's bonus balance in `currency` (0 without one), read in `executor`. */
export const bonusBalance = async (
  deps: Pick<BonusDependencies, 'ledger'>,
  owner: BonusOwner,
  executor: Executor,
): Promise<bigint> => {
  const account = await bonusAccountOf(deps, owner, executor);
  return deps.ledger.getBalance(account.id, { executor });
};
