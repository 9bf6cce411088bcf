import type { MemberLeaderboard, MissionLeaderboards } from '@wps/contracts/loyalty-missions';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../../db/database';
import { recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../missions.repository';
import type { LeaderboardRow } from '../missions.repository';
import { type PeriodKind, periodAt, periodBefore } from './mission-periods';
import { type MissionDependencies, type MissionOwner, textIn } from './mission-types';

export const payLeaderboardsJobName = 'leaderboard-payouts';

/** A name for everyone to see: the first two and the last characters, the rest hidden ("al***e"). */
const maskUsername = (username: string): string =>
  username.length <= 2 ? `${username.slice(0, 1)}***` : `${username.slice(0, 2)}***${username.slice(-1)}`;

/** Places shown in a standing. */
const standingsShown = 20;

/** Prizes are stored as minor units in decimal strings ("5000" is 50.00 in a 2-decimal currency). */
const prizeAmounts = (board: LeaderboardRow): bigint[] => board.prizes.map((prize) => BigInt(prize));

const scoreText = (
  deps: Pick<MissionDependencies, 'wallet'>,
  board: LeaderboardRow,
  score: bigint,
  currency: string,
) =>
  board.metric === 'valid_bet'
    ? deps.wallet.formatAmount(score, currency)
    : Promise.resolve(score.toString());

const leaderboardView = async (
  deps: Pick<MissionDependencies, 'db' | 'wallet' | 'now'>,
  owner: MissionOwner,
  board: LeaderboardRow,
  lang: string | undefined,
): Promise<MemberLeaderboard> => {
  const period = await periodAt(deps.db, board.period as PeriodKind, owner.timeZone, deps.now());
  const standings = await repository.readStandings(deps.db, board, period, standingsShown);
  const own = await repository.readOwnStanding(deps.db, board, period, owner.memberId);
  const winners = await repository.lastPayouts(deps.db, board.id);
  const money = (amount: bigint) => deps.wallet.formatAmount(amount, owner.currency);
  return {
    leaderboardId: board.id.toString(),
    title: textIn(board.title, lang),
    metric: board.metric as MemberLeaderboard['metric'],
    period: board.period as MemberLeaderboard['period'],
    periodKey: period.key,
    periodEndsAt: period.endsAt.toISOString(),
    prizes: await Promise.all(prizeAmounts(board).map(money)),
    standings: await Promise.all(
      standings.map(async (row, index) => ({
        place: index + 1,
        username: maskUsername(row.username),
        score: await scoreText(deps, board, row.score, owner.currency),
      })),
    ),
    me: { place: own.place, score: await scoreText(deps, board, own.score, owner.currency) },
    lastWinners: await Promise.all(
      winners.map(async (row) => ({
        place: row.place,
        username: maskUsername(row.username),
        score: await scoreText(deps, board, BigInt(row.score), owner.currency),
        prize: await money(BigInt(row.amount)),
      })),
    ),
  };
};

/** MCSFE_getMissionLeaderboard: one leaderboard (by id) or every live one of the brand. */
export const missionLeaderboards = async (
  deps: Pick<MissionDependencies, 'db' | 'wallet' | 'now'>,
  owner: MissionOwner,
  query: { leaderboardId?: bigint; lang?: string },
): Promise<MissionLeaderboards> => {
  const boards =
    query.leaderboardId === undefined
      ? await repository.listLiveLeaderboards(deps.db, owner.brandId)
      : [await repository.findLeaderboard(deps.db, owner.brandId, query.leaderboardId)].filter(
          (board): board is LeaderboardRow => board !== undefined && board.status !== 'ended',
        );
  const views: MemberLeaderboard[] = [];
  for (const board of boards) views.push(await leaderboardView(deps, owner, board, query.lang));
  return { currency: owner.currency, leaderboards: views };
};

/**
 * Pays a leaderboard's last ended period: one payout row per place (its primary key makes a period paid once,
 * whichever instance or run gets there first; the other's insert waits for it and then finds the places taken)
 * and, for each place it wrote, the prize in the winner's reward centre with the board's turnover multiplier.
 * A period that ended before the board was created is not paid (its scores were not a competition). The places
 * paid are audited in the same transaction.
 */
const payBoard = async (
  deps: MissionDependencies,
  board: LeaderboardRow,
  timeZone: string,
  currency: string,
): Promise<bigint[]> => {
  const current = await periodAt(deps.db, board.period as PeriodKind, timeZone, deps.now());
  const ended = await periodBefore(deps.db, board.period as PeriodKind, timeZone, current);
  if (ended.endsAt <= board.createdAt) return [];
  const prizes = prizeAmounts(board);
  return deps.db.transaction(async (tx) => {
    const standings = await repository.readStandings(tx, board, ended, prizes.length);
    const paid = await repository.insertPayouts(
      tx,
      standings.flatMap((row, index) => {
        const amount = prizes[index] ?? 0n;
        if (amount <= 0n) return [];
        return [
          {
            leaderboardId: board.id,
            periodKey: ended.key,
            place: index + 1,
            brandId: board.brandId,
            memberId: row.memberId,
            score: row.score,
            amount,
            createdAt: deps.now(),
          },
        ];
      }),
    );
    for (const payout of paid) {
      await deps.rewards.create(tx, {
        brandId: board.brandId,
        memberId: payout.memberId,
        currency,
        source: 'mission',
        promotionId: null,
        reference: `leaderboard:${board.id}:${ended.key}:${payout.place}`,
        title: `${board.title.en} #${payout.place}`,
        amount: payout.amount,
        turnoverRequired: payout.amount * BigInt(board.prizeTurnoverMultiplier),
      });
    }
    if (paid.length > 0) {
      // The places this run wrote, as the platform's action (a run that found them taken writes none).
      await recordAuditEvent(tx, {
        actor: { type: 'system', id: payLeaderboardsJobName },
        action: 'loyalty.leaderboard.pay',
        entityType: 'leaderboard',
        entityId: board.id.toString(),
        after: {
          periodKey: ended.key,
          currency,
          places: paid.map((payout) => ({
            place: payout.place,
            memberId: payout.memberId.toString(),
            amount: payout.amount.toString(),
          })),
        },
      });
    }
    return paid.map((payout) => payout.memberId);
  });
};

/** The leaderboard-payouts job: every live board's last ended period, paid once; winners are told. */
export const payLeaderboards = async (deps: MissionDependencies): Promise<number> => {
  const boards = await repository.listLiveLeaderboards(deps.db);
  const brands = await selectRows<{ id: string | bigint; currency: string; time_zone: string }>(
    deps.db,
    sql`select id, currency, time_zone from site_brands`,
  );
  let paid = 0;
  for (const board of boards) {
    const brand = brands.find((row) => BigInt(row.id) === board.brandId);
    if (!brand) continue;
    const winners = await payBoard(deps, board, brand.time_zone, brand.currency);
    for (const memberId of winners) deps.push.publish(memberId, { type: 'loyalty' });
    paid += winners.length;
  }
  return paid;
};
