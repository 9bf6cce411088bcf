import {
  type CrashMyBet,
  formatMultiplier,
  maxCrashHundredths,
  minAutoCashOutHundredths,
  parseMultiplier,
  type PlaceCrashBetRequest,
} from '@wps/contracts/crash';
import { isDatabaseError, uniqueViolation } from '../../../db/database-errors';
import { AppError } from '../../../http/app-error';
import * as repository from '../crash.repository';
import type { CrashBrand, CrashContext, CrashMember } from '../crash.service';
import { requireGame } from './crash-game';
import { houseAccount } from './crash-payments';
import { type CrashStateDependencies, refreshState } from './crash-state';
import { toMyBet } from './crash-views';

type PlaceBetDependencies = CrashStateDependencies &
  Pick<CrashContext, 'ledger' | 'bonuses' | 'catalogue' | 'onError'>;

const parseAutoCashOut = (text: string | null | undefined): bigint | null => {
  if (text === null || text === undefined || text === '') return null;
  const value = parseMultiplier(text);
  if (value === null || value < BigInt(minAutoCashOutHundredths) || value > maxCrashHundredths) {
    const message = `The auto cash-out is a multiplier from ${formatMultiplier(minAutoCashOutHundredths)} to ${formatMultiplier(maxCrashHundredths)}`;
    throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'autoCashOut', message }] });
  }
  return value;
};

/**
 * A bet on the round in its betting phase: the round row read under a share lock, the member's record
 * round, the bet and its ledger debit in one transaction. Outside the betting phase: CRASH_BETTING_CLOSED.
 * The debit takes the member's cash first, then their bonus balance (the bet keeps that part for its
 * cash-out or refund); a stake above an active bonus's maximum is refused (BONUS_MAX_STAKE).
 */
export const placeBet = async (
  deps: PlaceBetDependencies,
  member: CrashMember,
  brand: CrashBrand,
  request: PlaceCrashBetRequest,
): Promise<CrashMyBet> => {
  const { db, ledger, wallet, bonuses, clock } = deps;
  const amount = await wallet.parseAmount(request.amount, brand.currency);
  const autoCashOut = parseAutoCashOut(request.autoCashOut);
  const crashGameRef = await requireGame(deps);
  const latest = await repository.findLatestRound(db);
  if (latest?.status !== 'betting') throw new AppError('CRASH_BETTING_CLOSED');
  const bet = await db
    .transaction(async (tx) => {
      const round = await repository.lockRound(tx, latest.id, 'share');
      if (round?.status !== 'betting' || clock() >= round.startsAt.getTime()) {
        throw new AppError('CRASH_BETTING_CLOSED');
      }
      if (await repository.findMemberBet(tx, round.id, member.id)) throw new AppError('CRASH_ALREADY_BET');
      const cash = await wallet.cashAccount(member, brand.currency, tx);
      const house = await houseAccount(deps, member.brandId, brand.currency, tx);
      const owner = { brandId: member.brandId, memberId: member.id, currency: brand.currency };
      const stake = await bonuses.splitStake(tx, owner, cash.id, amount);
      const posting = await ledger.post(
        {
          brandId: member.brandId,
          idempotencyKey: `crash:bet:${round.id}:${member.id}`,
          kind: 'bet',
          legs: [...stake.legs, { accountId: house.id, amount }],
          reference: `crash:${round.id}`,
          memo: `crash round ${round.id}`,
          productLine: crashGameRef.productLine,
        },
        { executor: tx },
      );
      return repository.insertBet(tx, {
        roundId: round.id,
        brandId: member.brandId,
        memberId: member.id,
        currency: brand.currency,
        amount,
        bonusStaked: stake.bonusStaked,
        autoCashOut,
        betTransactionId: posting.transactionId,
      });
    })
    .catch((error: unknown) => {
      // Two bets of one member racing: the second meets the first's bet (or its ledger key).
      const isKeyTaken = error instanceof AppError && error.code === 'IDEMPOTENCY_CONFLICT';
      if (isDatabaseError(error, uniqueViolation, 'crash_bets_round_member_key') || isKeyTaken) {
        throw new AppError('CRASH_ALREADY_BET');
      }
      throw error;
    });
  wallet.notifyBalance(member.id);
  void refreshState(deps).catch(deps.onError);
  return toMyBet(deps, bet);
};
