import { findLotteryGame } from '../lottery.games';
import * as repository from '../lottery.repository';
import { fairResult } from '../lottery.rules';
import type { LotteryContext } from './lottery-context';

/** Draws every closed, due fair draw; a draw another instance drew first is left alone. */
export const drawDueFairDraws = async ({ db }: Pick<LotteryContext, 'db'>): Promise<number> => {
  let drawn = 0;
  for (const row of await repository.listDueFairDraws(db, 100)) {
    const game = findLotteryGame(row.gameCode);
    if (!game) continue;
    const result = fairResult(
      game,
      row.stations.map((station) => station.code),
      { serverSeed: row.serverSeed, clientSeed: row.publicId },
    );
    if (await repository.recordResult(db, row.id, result)) drawn += 1;
  }
  return drawn;
};
