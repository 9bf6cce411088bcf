import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  gameRounds,
  gameSessions,
  gameTransactions,
  type GameTransactionKind,
  games,
  gameVendors,
  vendorWalletKeys,
} from './games.tables';

/** The SQL behind the vendor wallet protocol (see vendor-wallet.service.ts for the rules). */

export type WalletVendorRow = {
  id: bigint;
  code: string;
  integration: 'seamless' | 'house';
  isEnabled: boolean;
  walletPublicKey: string | null;
};

export const findVendorByCode = async (
  executor: Executor,
  code: string,
): Promise<WalletVendorRow | undefined> => {
  const [row] = await executor
    .select({
      id: gameVendors.id,
      code: gameVendors.code,
      integration: gameVendors.integration,
      isEnabled: gameVendors.isEnabled,
      walletPublicKey: gameVendors.walletPublicKey,
    })
    .from(gameVendors)
    .where(eq(gameVendors.code, code))
    .limit(1);
  return row;
};

export type WalletGameRow = { id: bigint; gameType: string; isEnabled: boolean };

export const findGame = async (
  executor: Executor,
  vendorId: bigint,
  gameCode: string,
): Promise<WalletGameRow | undefined> => {
  const [row] = await executor
    .select({ id: games.id, gameType: games.gameType, isEnabled: games.isEnabled })
    .from(games)
    .where(and(eq(games.vendorId, vendorId), eq(games.gameCode, gameCode)))
    .limit(1);
  return row;
};

export type WalletSessionRow = { memberId: bigint; vendorId: bigint; expiresAt: Date };

export const findSessionByTokenHash = async (
  executor: Executor,
  tokenHash: string,
): Promise<WalletSessionRow | undefined> => {
  const [row] = await executor
    .select({
      memberId: gameSessions.memberId,
      vendorId: gameSessions.vendorId,
      expiresAt: gameSessions.expiresAt,
    })
    .from(gameSessions)
    .where(eq(gameSessions.tokenHash, tokenHash))
    .limit(1);
  return row;
};

/** First in every callback transaction: one member's callbacks queue, other members' do not. */
const memberLockNamespace = 7_245_005;
// The two-key form takes int4 keys; members whose ids differ by 2^31 share a lock, which only queues them.
const memberLockKey = (memberId: bigint): number => Number(memberId % 2_147_483_648n);

export const lockMember = async (executor: Executor, memberId: bigint): Promise<void> => {
  await executor.execute(
    sql`select pg_advisory_xact_lock(${memberLockNamespace}, ${memberLockKey(memberId)}::int)`,
  );
};

/**
 * Runs a fixed statement text under a name, so PostgreSQL parses and plans it once per connection and
 * Drizzle builds nothing per call (the ledger does the same for its posting). For the bet path, the hot
 * one. PGlite has no named statements and runs it as usual. Parameters are strings, numbers, booleans or
 * null; int8 results come back as bigint on both drivers.
 */
const runPrepared = async <Row>(
  executor: Executor,
  name: string,
  text: string,
  params: readonly (string | number | boolean | null)[],
): Promise<Row[]> => {
  const result: unknown = await executor._.session
    .prepareQuery({ sql: text, params: [...params] }, undefined, name, false)
    .execute();
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
};

type RoundRecord = {
  id: bigint;
  status: 'open' | 'settled';
  bet_amount: bigint;
  refunded_amount: bigint;
  valid_bet: bigint;
  turnover_recorded: bigint;
};

/**
 * A bet's first statement: the member's advisory lock, then the bet added to its round (created on the first
 * bet; `round_closed` settles it, a bet on a settled round opens it again). One statement, one round trip:
 * the lock is taken before the insert runs, and INSERT … ON CONFLICT DO UPDATE works on the newest row
 * version whatever the statement's snapshot, so nothing here reads a state from before the lock.
 */
export const lockMemberAndAddBet = async (
  executor: Executor,
  round: {
    brandId: bigint;
    memberId: bigint;
    vendorId: bigint;
    gameId: bigint;
    roundRef: string;
    productLine: string;
    currency: string;
    amount: bigint;
    isClosed: boolean;
  },
): Promise<WalletRoundRow> => {
  const [row] = await runPrepared<RoundRecord>(
    executor,
    'vendor_wallet_bet_round_v1',
    `with member_lock as (select pg_advisory_xact_lock($1::int, $2::int))
     insert into game_rounds
       (brand_id, member_id, vendor_id, game_id, round_ref, product_line, currency, status, bet_amount,
        valid_bet, settled_at)
     select $3::bigint, $4::bigint, $5::bigint, $6::bigint, $7::text, $8::text, $9::text,
            case when $11::boolean then 'settled' else 'open' end, $10::bigint,
            case when $11::boolean then $10::bigint else 0 end,
            case when $11::boolean then now() end
     from member_lock
     on conflict (vendor_id, member_id, round_ref) do update set
       bet_amount = game_rounds.bet_amount + excluded.bet_amount,
       status = excluded.status,
       valid_bet = case when $11::boolean
         then game_rounds.bet_amount + excluded.bet_amount - game_rounds.refunded_amount
         else game_rounds.valid_bet end,
       settled_at = excluded.settled_at,
       updated_at = now()
     returning id, status, bet_amount, refunded_amount, valid_bet, turnover_recorded`,
    [
      memberLockNamespace,
      memberLockKey(round.memberId),
      round.brandId.toString(),
      round.memberId.toString(),
      round.vendorId.toString(),
      round.gameId.toString(),
      round.roundRef,
      round.productLine,
      round.currency,
      round.amount.toString(),
      round.isClosed,
    ],
  );
  if (!row) throw new Error('game_rounds upsert returned no row');
  return {
    id: row.id,
    status: row.status,
    betAmount: row.bet_amount,
    refundedAmount: row.refunded_amount,
    validBet: row.valid_bet,
    turnoverRecorded: row.turnover_recorded,
  };
};

export type WalletTransactionRow = {
  id: bigint;
  kind: GameTransactionKind;
  memberId: bigint;
  roundId: bigint | null;
  /** The round's vendor round id and product line (null for a tombstone). */
  roundRef: string | null;
  productLine: string | null;
  amount: bigint;
  requestHash: string;
  isRolledBack: boolean;
};

export const findTransaction = async (
  executor: Executor,
  vendorId: bigint,
  transactionUuid: string,
): Promise<WalletTransactionRow | undefined> => {
  const [row] = await executor
    .select({
      id: gameTransactions.id,
      kind: gameTransactions.kind,
      memberId: gameTransactions.memberId,
      roundId: gameTransactions.roundId,
      roundRef: gameRounds.roundRef,
      productLine: gameRounds.productLine,
      amount: gameTransactions.amount,
      requestHash: gameTransactions.requestHash,
      isRolledBack: gameTransactions.isRolledBack,
    })
    .from(gameTransactions)
    .leftJoin(gameRounds, eq(gameRounds.id, gameTransactions.roundId))
    .where(
      and(eq(gameTransactions.vendorId, vendorId), eq(gameTransactions.transactionUuid, transactionUuid)),
    )
    .limit(1);
  return row;
};

/** Whether any win (even of 0, the vendor's word that the round was lost) was booked in the round. */
export const roundHasWin = async (executor: Executor, roundId: bigint): Promise<boolean> => {
  const [row] = await executor
    .select({ id: gameTransactions.id })
    .from(gameTransactions)
    .where(and(eq(gameTransactions.roundId, roundId), eq(gameTransactions.kind, 'win')))
    .limit(1);
  return row !== undefined;
};

export type WalletRoundRow = {
  id: bigint;
  status: 'open' | 'settled';
  betAmount: bigint;
  refundedAmount: bigint;
  validBet: bigint;
  turnoverRecorded: bigint;
};

const roundColumns = {
  id: gameRounds.id,
  status: gameRounds.status,
  betAmount: gameRounds.betAmount,
  refundedAmount: gameRounds.refundedAmount,
  validBet: gameRounds.validBet,
  turnoverRecorded: gameRounds.turnoverRecorded,
};

/**
 * A win or a refund changes the round's sums. `round_closed` settles it; a round already settled stays so
 * and its valid bet follows the refunds.
 */
export const updateRoundTotals = async (
  executor: Executor,
  roundId: bigint,
  change: { winDelta: bigint; refundDelta: bigint; isClosed: boolean },
): Promise<WalletRoundRow> => {
  const isSettled = change.isClosed ? sql`true` : sql`${gameRounds.status} = 'settled'`;
  const [row] = await executor
    .update(gameRounds)
    .set({
      winAmount: sql`${gameRounds.winAmount} + ${change.winDelta}`,
      refundedAmount: sql`${gameRounds.refundedAmount} + ${change.refundDelta}`,
      status: change.isClosed ? 'settled' : sql`${gameRounds.status}`,
      validBet: sql`case when ${isSettled} then ${gameRounds.betAmount} - ${gameRounds.refundedAmount} - ${change.refundDelta} else ${gameRounds.validBet} end`,
      settledAt: change.isClosed ? sql`now()` : sql`${gameRounds.settledAt}`,
      updatedAt: sql`now()`,
    })
    .where(eq(gameRounds.id, roundId))
    .returning(roundColumns);
  if (!row) throw new Error(`game round ${roundId} vanished`);
  return row;
};

export const setTurnoverRecorded = async (
  executor: Executor,
  roundId: bigint,
  amount: bigint,
): Promise<void> => {
  await executor.update(gameRounds).set({ turnoverRecorded: amount }).where(eq(gameRounds.id, roundId));
};

export type NewWalletTransaction = {
  vendorId: bigint;
  transactionUuid: string;
  kind: GameTransactionKind;
  brandId: bigint;
  memberId: bigint;
  roundId: bigint | null;
  referenceUuid: string | null;
  amount: bigint;
  requestHash: string;
  ledgerTransactionId: bigint | null;
};

/** A unique violation on (vendor, transaction_uuid) means another call took the uuid first. */
export const transactionUuidConstraint = 'game_transactions_vendor_uuid_key';

export const insertTransaction = async (executor: Executor, values: NewWalletTransaction): Promise<void> => {
  await executor.insert(gameTransactions).values(values);
};

/** False when the vendor's uuid is taken already (by a bet, a tombstone, anything); nothing is written then. */
export const insertTransactionIfNew = async (
  executor: Executor,
  values: NewWalletTransaction,
): Promise<boolean> => {
  const rows = await runPrepared<{ id: bigint }>(
    executor,
    'vendor_wallet_insert_transaction_v1',
    `insert into game_transactions
       (vendor_id, transaction_uuid, kind, brand_id, member_id, round_id, reference_uuid, amount, request_hash,
        ledger_transaction_id)
     values ($1::bigint, $2::text, $3::text, $4::bigint, $5::bigint, $6::bigint, $7::text, $8::bigint, $9::text,
             $10::bigint)
     on conflict (vendor_id, transaction_uuid) do nothing
     returning id`,
    [
      values.vendorId.toString(),
      values.transactionUuid,
      values.kind,
      values.brandId.toString(),
      values.memberId.toString(),
      values.roundId?.toString() ?? null,
      values.referenceUuid,
      values.amount.toString(),
      values.requestHash,
      values.ledgerTransactionId?.toString() ?? null,
    ],
  );
  return rows.length > 0;
};

export const markRolledBack = async (executor: Executor, transactionId: bigint): Promise<void> => {
  await executor
    .update(gameTransactions)
    .set({ isRolledBack: true })
    .where(eq(gameTransactions.id, transactionId));
};

export const findSigningKey = async (executor: Executor, keyId: string) => {
  const [row] = await executor
    .select()
    .from(vendorWalletKeys)
    .where(eq(vendorWalletKeys.keyId, keyId))
    .limit(1);
  return row;
};

export const insertSigningKey = async (
  executor: Executor,
  values: { keyId: string; publicKeyPem: string; privateKeyPem: string },
): Promise<void> => {
  await executor
    .insert(vendorWalletKeys)
    .values(values)
    .onConflictDoNothing({ target: vendorWalletKeys.keyId });
};
