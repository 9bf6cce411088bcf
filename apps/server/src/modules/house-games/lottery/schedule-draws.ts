import { createServerSeed, hashServerSeed } from '../fairness';
import {
  cutoffOf,
  intervalOf,
  lotteryGames,
  nextDrawTimes,
  publicDrawId,
  stationsOf,
} from '../lottery.games';
import * as repository from '../lottery.repository';
import type { LotteryContext } from './lottery-context';

/** The draws' calendar: draws created ahead per brand and game, and closed for bets at their cut-off. */

const drawsAheadOnInterval = 3;
const drawsAheadOnCalendar = 2;

/** Creates the next draws of every brand and game (idempotent: one row per brand, game and draw time). */
export const scheduleDraws = async (
  { db, site, schedule }: Pick<LotteryContext, 'db' | 'site' | 'schedule'>,
  now = new Date(),
): Promise<void> => {
  const [brands, settings] = await Promise.all([site.listBrandTimeZones(), repository.listGameSettings(db)]);
  const sourceOf = new Map(settings.map((row) => [`${row.brandId}:${row.gameCode}`, row.resultSource]));
  const rows: Parameters<typeof repository.insertDraws>[1] = [];
  for (const brand of brands) {
    for (const game of lotteryGames) {
      const ahead = intervalOf(game, schedule) === null ? drawsAheadOnCalendar : drawsAheadOnInterval;
      const cutoffMs = cutoffOf(game, schedule) * 1000;
      for (const drawAt of nextDrawTimes(game, now, brand.timeZone, schedule, ahead)) {
        const serverSeed = createServerSeed();
        rows.push({
          brandId: brand.id,
          gameCode: game.gameCode,
          publicId: publicDrawId(game.gameCode, drawAt, brand.timeZone),
          drawAt,
          closesAt: new Date(drawAt.getTime() - cutoffMs),
          resultSource: sourceOf.get(`${brand.id}:${game.gameCode}`) ?? 'fair',
          stations: stationsOf(game, drawAt, brand.timeZone),
          serverSeed,
          serverSeedHash: hashServerSeed(serverSeed),
        });
      }
    }
  }
  await repository.insertDraws(db, rows);
};

/** Closes every open draw whose cut-off has passed (no bet is taken on it any more). */
export const closeDueDraws = ({ db }: Pick<LotteryContext, 'db'>) => repository.closeDueDraws(db);
