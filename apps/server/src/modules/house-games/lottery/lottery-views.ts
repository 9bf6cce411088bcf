import type { LotteryBet, LotteryDraw } from '@wps/contracts/lottery';
import { formatMinorUnits } from '@wps/contracts/money';
import type { BetRow, DrawRow } from '../lottery.repository';

/** How draws and bets are shown: a draw's seed and result only once it is drawn. */

export const openedStatuses = ['drawn', 'settling', 'settled'] as const;

export const isOpened = (status: string): boolean => (openedStatuses as readonly string[]).includes(status);

export const toDraw = (row: DrawRow): LotteryDraw => {
  const opened = isOpened(row.status);
  const fair = row.resultSource === 'fair';
  return {
    publicId: row.publicId,
    gameCode: row.gameCode,
    drawAt: row.drawAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    status: row.status,
    resultSource: row.resultSource,
    stations: row.stations,
    serverSeedHash: fair ? row.serverSeedHash : null,
    serverSeed: fair && opened ? row.serverSeed : null,
    clientSeed: row.publicId,
    result: opened ? row.result : null,
  };
};

export const toBet = (row: BetRow, drawPublicId: string, exponent: number): LotteryBet => ({
  id: String(row.id),
  roundId: String(row.roundId ?? ''),
  gameCode: row.gameCode,
  drawId: drawPublicId,
  betType: row.betType,
  numbers: row.numbers,
  stations: row.stations,
  unitStake: formatMinorUnits(row.unitStake, exponent),
  stake: formatMinorUnits(row.stake, exponent),
  status: row.status,
  payout: formatMinorUnits(row.payout, exponent),
  placedAt: row.placedAt.toISOString(),
  settledAt: row.settledAt?.toISOString() ?? null,
});
