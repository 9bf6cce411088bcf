import { and, eq, sql } from 'drizzle-orm';
import { numberArray } from '../../db/array-literals';
import { type Executor, selectRows } from '../../db/database';
import { gameRounds, gameTransactions, gameVendors, gameVendorTiles, games } from './games.tables';

/** The SQL behind house games' catalogue rows and rounds (see house-rounds.service.ts). */

export const findHouseGame = async (executor: Executor, vendorCode: string, gameCode: string) => {
  const [row] = await executor
    .select({
      gameId: games.id,
      vendorId: gameVendors.id,
      gameType: games.gameType,
      gameName: games.name,
      isGameEnabled: games.isEnabled,
      isVendorEnabled: gameVendors.isEnabled,
      integration: gameVendors.integration,
      isTileEnabled: gameVendorTiles.isEnabled,
    })
    .from(games)
    .innerJoin(gameVendors, eq(gameVendors.id, games.vendorId))
    .leftJoin(
      gameVendorTiles,
      and(eq(gameVendorTiles.vendorId, games.vendorId), eq(gameVendorTiles.gameType, games.gameType)),
    )
    .where(and(eq(gameVendors.code, vendorCode), eq(games.gameCode, gameCode)))
    .limit(1);
  return row;
};

export type HouseRoundValues = {
  brandId: bigint;
  memberId: bigint;
  vendorId: bigint;
  gameId: bigint;
  roundRef: string;
  productLine: string;
  currency: string;
  betAmount: bigint;
  winAmount: bigint;
  details: Record<string, unknown>;
};

/** A settled round; undefined when (vendor, member, round ref) exists already. */
export const insertSettledRound = async (executor: Executor, values: HouseRoundValues) => {
  const now = new Date();
  const [row] = await executor
    .insert(gameRounds)
    .values({
      ...values,
      status: 'settled',
      validBet: values.betAmount,
      turnoverRecorded: values.betAmount,
      openedAt: now,
      settledAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: gameRounds.id });
  return row;
};

export type OpenHouseRoundValues = Omit<HouseRoundValues, 'winAmount'>;

/** Open rounds, one statement each; answers their ids in order. */
export const insertOpenRounds = async (
  executor: Executor,
  rounds: readonly OpenHouseRoundValues[],
): Promise<bigint[]> => {
  const ids: bigint[] = [];
  for (const round of rounds) {
    const [row] = await selectRows<{ id: bigint }>(
      executor,
      sql`insert into game_rounds
            (brand_id, member_id, vendor_id, game_id, round_ref, product_line, currency, status, bet_amount,
             valid_bet, details)
          values (${round.brandId}, ${round.memberId}, ${round.vendorId}, ${round.gameId}, ${round.roundRef},
                  ${round.productLine}, ${round.currency}, 'open', ${round.betAmount}, 0,
                  ${JSON.stringify(round.details)}::jsonb)
          returning id`,
    );
    if (!row) throw new Error('round not written');
    ids.push(row.id);
  }
  return ids;
};

/** Settles rounds with their wins in one statement; the valid bet is the stake. */
export const settleRounds = async (
  executor: Executor,
  rounds: ReadonlyArray<{ roundId: bigint; winAmount: bigint }>,
): Promise<void> => {
  await executor.execute(sql`
    update game_rounds round
    set status = 'settled', win_amount = settled.payout, valid_bet = round.bet_amount,
        settled_at = now(), updated_at = now()
    from unnest(${numberArray(rounds.map((round) => round.roundId))}::int8[],
                ${numberArray(rounds.map((round) => round.winAmount))}::int8[]) as settled (id, payout)
    where round.id = settled.id`);
};

/** Replaces the rounds' valid bets (a game whose rule counts less than the stake). */
export const setRoundValidBets = async (
  executor: Executor,
  rounds: ReadonlyArray<{ roundId: bigint; validBet: bigint }>,
): Promise<void> => {
  await executor.execute(sql`
    update game_rounds round set valid_bet = counted.valid_bet
    from unnest(${numberArray(rounds.map((round) => round.roundId))}::int8[],
                ${numberArray(rounds.map((round) => round.validBet))}::int8[]) as counted (id, valid_bet)
    where round.id = counted.id`);
};

export const setRoundDetails = (executor: Executor, roundId: bigint, details: Record<string, unknown>) =>
  executor.update(gameRounds).set({ details }).where(eq(gameRounds.id, roundId));

export const insertRoundCalls = async (
  executor: Executor,
  rows: Array<typeof gameTransactions.$inferInsert>,
): Promise<void> => {
  if (rows.length === 0) return;
  await executor.insert(gameTransactions).values(rows);
};
