import { formatMultiplier } from '@wps/contracts/crash';
import { houseGamePaths } from '@wps/contracts/house-games-rules';
import type { Executor } from '../../../db/database';
import { insertHouseRound, recordHouseRoundCalls } from '../../games/house-rounds.service';
import * as repository from '../crash.repository';
import type { BetRow, ChainRow, RoundRow } from '../crash.repository';
import type { CrashContext } from '../crash.service';
import { requireGame } from './crash-game';

/** The site's crash page (`houseGamePaths` of contracts). */
const crashPagePath = houseGamePaths.CRASH ?? '/house/crash';

/** The ledger calls of one settled bet: its stake and, when it was cashed out, its payout. */
const callsOf = (round: RoundRow, bet: BetRow) => {
  const calls = [];
  if (bet.betTransactionId !== null) {
    calls.push({
      kind: 'bet' as const,
      reference: `crash:bet:${round.id}:${bet.memberId}`,
      amount: bet.amount,
      ledgerTransactionId: bet.betTransactionId,
    });
  }
  if (bet.payoutTransactionId !== null) {
    calls.push({
      kind: 'win' as const,
      reference: `crash:cashout:${bet.id}`,
      amount: bet.payout,
      ledgerTransactionId: bet.payoutTransactionId,
    });
  }
  return calls;
};

/**
 * Each bet of an ended round becomes a settled round in its member's betting record, with the round's
 * proof, its stake and payout calls, and its stake counted on turnover once. A cancelled round's bets were
 * refunded: they wagered nothing and stay out of the record (the account record shows both movements).
 */
export const writeBettingRecords = async (
  deps: Pick<CrashContext, 'db' | 'turnover' | 'catalogue' | 'onError'>,
  tx: Executor,
  round: RoundRow,
  chain: ChainRow,
): Promise<void> => {
  if (round.status !== 'crashed') return;
  const bets = await repository.listRoundBets(tx, round.id);
  if (bets.length === 0) return;
  const recordGame = deps.catalogue.game ?? (await requireGame(deps, tx).catch(() => undefined));
  if (!recordGame) {
    deps.onError(new Error(`crash round ${round.id}: the game is not in the catalogue, no betting record`));
    return;
  }
  const proof = {
    game: 'crash',
    crashRoundId: round.id.toString(),
    chainId: chain.id.toString(),
    chainIndex: round.chainIndex,
    commitment: chain.commitment,
    salt: chain.salt,
    houseEdgeBasisPoints: chain.houseEdgeBasisPoints,
    hash: round.hash,
    crashPoint: formatMultiplier(round.crashPoint),
    // The crash page opens this round's proof (checked by the server and again in the browser).
    verifyPath: `${crashPagePath}?${new URLSearchParams({ verify: round.id.toString() }).toString()}`,
  };
  for (const bet of bets) {
    if (bet.status !== 'cashed' && bet.status !== 'lost') continue;
    const gameRoundId = await insertHouseRound(tx, {
      brandId: bet.brandId,
      memberId: bet.memberId,
      game: recordGame,
      roundRef: `crash-${round.id}`,
      currency: bet.currency,
      betAmount: bet.amount,
      winAmount: bet.payout,
      details: {
        ...proof,
        betId: bet.id.toString(),
        autoCashOut: bet.autoCashOut === null ? null : formatMultiplier(bet.autoCashOut),
        cashedOutAt: bet.cashedOutAt === null ? null : formatMultiplier(bet.cashedOutAt),
      },
    });
    await repository.setBetGameRound(tx, bet.id, gameRoundId);
    await recordHouseRoundCalls(
      tx,
      { roundId: gameRoundId, brandId: bet.brandId, memberId: bet.memberId, vendorId: recordGame.vendorId },
      callsOf(round, bet),
    );
    await deps.turnover.recordValidBet(tx, {
      brandId: bet.brandId,
      memberId: bet.memberId,
      currency: bet.currency,
      amount: bet.amount,
      reference: `round:${gameRoundId}`,
      productLine: recordGame.productLine,
    });
  }
};
