import { and, eq, sql } from 'drizzle-orm';
import { numberArray, textArray } from '../../db/array-literals';
import { type Executor, selectRows } from '../../db/database';
import { selectPrepared } from '../../db/prepared';
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

/**
 * An open round and its first bet call in one prepared statement (the hot path of a shared table's bet);
 * answers the round's id.
 */
export const insertOpenRoundWithBet = async (
  executor: Executor,
  round: OpenHouseRoundValues,
  call: { transactionUuid: string; amount: bigint; requestHash: string; ledgerTransactionId: bigint },
): Promise<bigint> => {
  const [row] = await selectPrepared<{ id: bigint }>(
    executor,
    'games.house.open_round_with_bet',
    sql`with round as (
      insert into game_rounds
        (brand_id, member_id, vendor_id, game_id, round_ref, product_line, currency, status, bet_amount,
         valid_bet, details)
      values (${round.brandId}, ${round.memberId}, ${round.vendorId}, ${round.gameId}, ${round.roundRef},
              ${round.productLine}, ${round.currency}, 'open', ${round.betAmount}, 0,
              ${JSON.stringify(round.details)}::jsonb)
      returning id
    )
    insert into game_transactions
      (vendor_id, transaction_uuid, kind, brand_id, member_id, round_id, amount, request_hash,
       ledger_transaction_id)
    select ${round.vendorId}, ${call.transactionUuid}, 'bet', ${round.brandId}, ${round.memberId}, round.id,
      ${call.amount}, ${call.requestHash}, ${call.ledgerTransactionId}
    from round
    returning round_id as id`,
  );
  if (!row) throw new Error('round not written');
  return row.id;
};

/**
 * `insertOpenRoundWithBet` for many rounds (a batch of a shared table's bets) in one statement; answers the
 * rounds' ids in the given order.
 */
export const insertOpenRoundsWithBets = async (
  executor: Executor,
  items: ReadonlyArray<{
    round: OpenHouseRoundValues;
    call: { transactionUuid: string; amount: bigint; requestHash: string; ledgerTransactionId: bigint };
  }>,
): Promise<bigint[]> => {
  const column = <T>(pick: (item: (typeof items)[number]) => T) => items.map(pick);
  const rows = await selectRows<{ id: bigint; member_id: bigint; transaction_uuid: string }>(
    executor,
    sql`with input as (
      select * from unnest(
        ${numberArray(column((item) => item.round.brandId))}::int8[],
        ${numberArray(column((item) => item.round.memberId))}::int8[],
        ${numberArray(column((item) => item.round.vendorId))}::int8[],
        ${numberArray(column((item) => item.round.gameId))}::int8[],
        ${textArray(column((item) => item.round.roundRef))}::text[],
        ${textArray(column((item) => item.round.productLine))}::text[],
        ${textArray(column((item) => item.round.currency))}::text[],
        ${numberArray(column((item) => item.round.betAmount))}::int8[],
        ${textArray(column((item) => JSON.stringify(item.round.details)))}::text[],
        ${textArray(column((item) => item.call.transactionUuid))}::text[],
        ${numberArray(column((item) => item.call.amount))}::int8[],
        ${textArray(column((item) => item.call.requestHash))}::text[],
        ${numberArray(column((item) => item.call.ledgerTransactionId))}::int8[]
      ) with ordinality as i (brand_id, member_id, vendor_id, game_id, round_ref, product_line, currency,
        bet_amount, details, transaction_uuid, amount, request_hash, ledger_transaction_id, ordinal)
    ), round as (
      insert into game_rounds
        (brand_id, member_id, vendor_id, game_id, round_ref, product_line, currency, status, bet_amount,
         valid_bet, details)
      select brand_id, member_id, vendor_id, game_id, round_ref, product_line, currency, 'open', bet_amount, 0,
        details::jsonb
      from input order by ordinal
      returning id, vendor_id, member_id, round_ref
    )
    insert into game_transactions
      (vendor_id, transaction_uuid, kind, brand_id, member_id, round_id, amount, request_hash,
       ledger_transaction_id)
    select i.vendor_id, i.transaction_uuid, 'bet', i.brand_id, i.member_id, r.id, i.amount, i.request_hash,
      i.ledger_transaction_id
    from input i
    join round r on r.vendor_id = i.vendor_id and r.member_id = i.member_id and r.round_ref = i.round_ref
    returning round_id as id, member_id, transaction_uuid`,
  );
  const keyOf = (memberId: bigint, uuid: string) => `${memberId}:${uuid}`;
  const ids = new Map(rows.map((row) => [keyOf(row.member_id, row.transaction_uuid), row.id]));
  return items.map((item) => {
    const id = ids.get(keyOf(item.round.memberId, item.call.transactionUuid));
    if (id === undefined) throw new Error('round not written');
    return id;
  });
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

/**
 * Settles rounds whose stake grew while they were open (a poker hand's chips, street by street): the stake, the
 * win and the valid bet in one statement.
 */
export const settleRoundsWithStakes = async (
  executor: Executor,
  rounds: ReadonlyArray<{ roundId: bigint; betAmount: bigint; winAmount: bigint; validBet: bigint }>,
): Promise<void> => {
  await executor.execute(sql`
    update game_rounds round
    set status = 'settled', bet_amount = settled.bet, win_amount = settled.payout,
        valid_bet = settled.valid_bet, settled_at = now(), updated_at = now()
    from unnest(${numberArray(rounds.map((round) => round.roundId))}::int8[],
                ${numberArray(rounds.map((round) => round.betAmount))}::int8[],
                ${numberArray(rounds.map((round) => round.winAmount))}::int8[],
                ${numberArray(rounds.map((round) => round.validBet))}::int8[])
           as settled (id, bet, payout, valid_bet)
    where round.id = settled.id and round.status = 'open'`);
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
