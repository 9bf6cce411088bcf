import type { Executor } from '../../db/database';
import type { MemberRow } from '../members/members.service';
import { checkDepositChoice } from './deposit-bonuses/check-deposit-choice';
import type {
  DepositBonusDependencies,
  DepositForBonus,
  DepositHistory,
} from './deposit-bonuses/deposit-bonus-types';
import { grantDepositBonus } from './deposit-bonuses/grant-deposit-bonus';
import { listDepositOffers } from './deposit-bonuses/list-deposit-offers';

export type {
  DepositBonusOutcome,
  DepositForBonus,
  DepositHistory,
} from './deposit-bonuses/deposit-bonus-types';

/**
 * Deposit matches (first deposit and reload bonuses): the offers a member may pick on the deposit form, the
 * check of their pick when they ask to deposit, and the grant when payments credits the deposit. Deposits are
 * payments' own; payments (registered after promotions) hands over how to read them with `useDepositHistory`.
 */
export const createDepositBonusService = (deps: Omit<DepositBonusDependencies, 'depositHistory'>) => {
  let history: DepositHistory | null = null;
  const bound: DepositBonusDependencies = {
    ...deps,
    depositHistory: () => {
      if (!history) throw new Error('deposit bonuses need the deposit history payments provides at start');
      return history;
    },
  };
  return {
    /** Called once by payments at start. */
    useDepositHistory: (reader: DepositHistory): void => {
      history = reader;
    },
    offers: (member: MemberRow, brand: { id: bigint; currency: string }, channelCode?: string) =>
      listDepositOffers(bound, member, brand, channelCode),
    /** Refuses (AppError) a pick the member may not make with this deposit. */
    checkChoice: (
      member: MemberRow,
      choice: { promotionId: bigint; currency: string; channelCode: string; amount: bigint },
    ) => checkDepositChoice(bound, member, choice),
    /** In the crediting transaction; see grant-deposit-bonus.ts. */
    grantForDeposit: (tx: Executor, deposit: DepositForBonus) => grantDepositBonus(bound, tx, deposit),
  };
};

export type DepositBonusService = ReturnType<typeof createDepositBonusService>;
