import { type CrashMyBet, multiplierAt } from '@wps/contracts/crash';
import { AppError } from '../../../http/app-error';
import * as repository from '../crash.repository';
import type { CrashContext, CrashMember } from '../crash.service';
import { type CrashPaymentDependencies, payCashOut } from './crash-payments';
import { type CrashStateDependencies, refreshState } from './crash-state';
import { parseId, toMyBet } from './crash-views';

/**
 * Cashes a bet out at the multiplier of the server's clock against the round's start, once: the round is
 * read under a share lock (the crash takes it exclusively), the bet moves placed → cashed by a conditional
 * update, and the payment carries the key `crash:cashout:<bet>`. A bet whose auto target was already passed
 * is paid its target, as the driver would have.
 */
export const cashOut = async (
  deps: CrashStateDependencies & CrashPaymentDependencies & Pick<CrashContext, 'onError'>,
  member: CrashMember,
  betIdText: string,
): Promise<CrashMyBet> => {
  const { db, clock } = deps;
  const betId = parseId(betIdText);
  const bet = betId === null ? undefined : await repository.findBet(db, betId);
  if (bet?.memberId !== member.id) throw new AppError('NOT_FOUND');
  const cashed = await db.transaction(async (tx) => {
    const round = await repository.lockRound(tx, bet.roundId, 'share');
    if (!round) throw new AppError('NOT_FOUND');
    const at = clock();
    if (round.status !== 'running' || at >= round.crashAt.getTime()) {
      throw new AppError('CRASH_CASH_OUT_CLOSED');
    }
    const current = BigInt(multiplierAt(at - round.startsAt.getTime()));
    const target = bet.autoCashOut;
    const multiplier = target !== null && target <= current ? target : current;
    const result = await payCashOut(deps, tx, bet, multiplier, new Date(at));
    if (!result) {
      const latest = await repository.findBet(tx, bet.id);
      throw new AppError(latest?.status === 'cashed' ? 'CRASH_ALREADY_CASHED_OUT' : 'CRASH_CASH_OUT_CLOSED');
    }
    return result;
  });
  deps.wallet.notifyBalance(member.id);
  void refreshState(deps).catch(deps.onError);
  return toMyBet(deps, cashed);
};
