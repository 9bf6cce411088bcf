import { and, asc, eq, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { selectPrepared } from '../../db/prepared';
import {
  gameRounds,
  gameSessions,
  gameTransactions,
  type GameTransactionKind,
  games,
  gameVendors,
  vendorWalletKeys,
} from './games.tables';
import { numberArray, textArray } from '../../db/array-literals';
import {
  accountBalanceSql,
  type PostingBatchCtes,
  type PostingCteReads,
  type PostingCtes,
} from '../wallet/ledger.service';

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

/** The member's lock as a CTE named `member_lock`, for a statement whose first write selects from it. */
const memberLockCte = (memberId: bigint): SQL =>
  sql`member_lock as (select pg_advisory_xact_lock(${memberLockNamespace}::int, ${memberLockKey(memberId)}::int))`;

/**
 * Product lines that bet on events (a match days ahead): their rounds stay open until the vendor settles them,
 * never closed for idleness, and their valid bet is the operator's sports rule: the lesser of the net stake and
 * the net result, so a push or a void counts nothing, a half win or half loss half, and a win at odds of 1.20 a
 * fifth of the stake (low-odds and both-sides betting build no turnover).
 */
export const eventBettingLines = ['SPORTS', 'ESPORTS'] as const;

export const isEventBettingLine = (productLine: string): boolean =>
  (eventBettingLines as readonly string[]).includes(productLine);

/** A settled round's valid bet from its product line, net stake (bets less refunds) and wins. */
const validBetSql = (productLine: SQL, staked: SQL, win: SQL) =>
  sql`case when ${productLine} in ('SPORTS', 'ESPORTS') then least(${staked}, abs(${win} - (${staked})))
    else ${staked} end`;

type RoundRecord = {
  id: bigint;
  status: 'open' | 'settled';
  bet_amount: bigint;
  refunded_amount: bigint;
  valid_bet: bigint;
  turnover_recorded: bigint;
  product_line: string;
  bonus_staked: bigint;
};

const toRoundRow = (row: RoundRecord): WalletRoundRow => ({
  id: row.id,
  status: row.status,
  betAmount: row.bet_amount,
  refundedAmount: row.refunded_amount,
  validBet: row.valid_bet,
  turnoverRecorded: row.turnover_recorded,
  productLine: row.product_line,
  bonusStaked: row.bonus_staked,
});

export type NewBetRound = {
  brandId: bigint;
  memberId: bigint;
  vendorId: bigint;
  gameId: bigint;
  roundRef: string;
  productLine: string;
  currency: string;
  amount: bigint;
  isClosed: boolean;
  /** The bet's free text (a sportsbook's selections and odds): the round's detail, from its first bet. */
  description: string | null;
};

/** The round's details kept from its first bet's free text. */
const detailsOf = (description: SQL) =>
  sql`case when ${description} is null then null else jsonb_build_object('bet', ${description}) end`;

/**
 * The bet added to its round (created on the first bet; `round_closed` settles it, a bet on a settled round
 * opens it again), selected from `source` (a CTE that must run first). INSERT … ON CONFLICT DO UPDATE works on
 * the newest row version whatever the statement's snapshot, so nothing here reads a stale round.
 */
const addBetToRound = (round: NewBetRound, source: SQL) => sql`
  insert into game_rounds
    (brand_id, member_id, vendor_id, game_id, round_ref, product_line, currency, status, bet_amount,
     valid_bet, settled_at, details)
  select ${round.brandId}::bigint, ${round.memberId}::bigint, ${round.vendorId}::bigint, ${round.gameId}::bigint,
         ${round.roundRef}::text, ${round.productLine}::text, ${round.currency}::text,
         case when ${round.isClosed}::boolean then 'settled' else 'open' end, ${round.amount}::bigint,
         case when ${round.isClosed}::boolean then ${round.amount}::bigint else 0 end,
         case when ${round.isClosed}::boolean then now() end,
         ${detailsOf(sql`${round.description}::text`)}
  from ${source}
  on conflict (vendor_id, member_id, round_ref) do update set
    bet_amount = game_rounds.bet_amount + excluded.bet_amount,
    status = excluded.status,
    valid_bet = case when ${round.isClosed}::boolean
      then ${validBetSql(
        sql`game_rounds.product_line`,
        sql`game_rounds.bet_amount + excluded.bet_amount - game_rounds.refunded_amount`,
        sql`game_rounds.win_amount`,
      )}
      else game_rounds.valid_bet end,
    settled_at = excluded.settled_at,
    details = coalesce(game_rounds.details, excluded.details),
    updated_at = now()
  returning id, status, bet_amount, refunded_amount, valid_bet, turnover_recorded, product_line, bonus_staked`;

/**
 * A bet's first statement in a transaction of its own: the member's advisory lock, then the bet added to its
 * round. One statement, one round trip: the lock is taken before the insert runs.
 */
export const lockMemberAndAddBet = async (
  executor: Executor,
  round: NewBetRound,
): Promise<WalletRoundRow> => {
  const [row] = await selectPrepared<RoundRecord>(
    executor,
    'vendor_wallet_bet_round_v3',
    sql`with ${memberLockCte(round.memberId)}
        ${addBetToRound(round, sql`member_lock`)}`,
  );
  if (!row) throw new Error('game_rounds upsert returned no row');
  return toRoundRow(row);
};

/** A bet call's own row: its uuid, the hash of its request, and the member's cash account it debits. */
export type BetCall = {
  transactionUuid: string;
  requestHash: string;
  cashAccountId: bigint;
  /** The member's bonus balance, answered beside the cash (the bet does not touch it). */
  bonusAccountId: bigint;
};

/**
 * What the bet statements below read of the ledger's CTEs. The wallet publishes their columns; a column it stops
 * publishing fails to compile here, and the wallet's ledger-posting-ctes.test.ts holds the CTEs to the list.
 */
export const ledgerCteReads = {
  ledger_new_transaction: ['id'],
  ledger_posted_entries: ['account_id', 'balance_after'],
  ledger_batch_transactions: ['ordinal', 'id'],
  ledger_batch_entries: ['transaction_id', 'account_id', 'balance_after'],
} as const satisfies PostingCteReads;

/** What the ledger's posting of a bet records as its reference: the round the bet statement writes. */
export const betRoundReference = sql`'round:' || (select id from bet_round)`;

/**
 * A new bet with money in ONE statement, so it needs no transaction of its own: the member's advisory lock (as
 * every money call of a member takes first), the round, the ledger's posting (`posting`, the ledger's CTEs,
 * whose reference is `betRoundReference`) and the call's row. Any refusal (the uuid or the ledger key taken,
 * not enough money) fails the statement and nothing is written. In a batch's transaction the lock is held
 * already (advisory locks are re-entrant).
 */
export const insertBetWithPosting = async (
  executor: Executor,
  round: NewBetRound,
  posting: PostingCtes,
  call: BetCall,
): Promise<{ round: WalletRoundRow; balance: bigint | null; bonusBalance: bigint }> => {
  const [row] = await selectPrepared<RoundRecord & { balance_after: bigint | null; bonus_balance: bigint }>(
    executor,
    'vendor_wallet_bet_v4',
    sql`with ${memberLockCte(round.memberId)},
        bet_round as (${addBetToRound(round, sql`member_lock`)}),
        ${posting},
        bet_transaction as (
          insert into game_transactions
            (vendor_id, transaction_uuid, kind, brand_id, member_id, round_id, amount, request_hash,
             ledger_transaction_id)
          select ${round.vendorId}::bigint, ${call.transactionUuid}::text, 'bet', ${round.brandId}::bigint,
                 ${round.memberId}::bigint, bet_round.id, ${round.amount}::bigint, ${call.requestHash}::text,
                 ledger_new_transaction.id
          from bet_round cross join ledger_new_transaction
          returning id
        )
        select bet_round.*,
          (select balance_after from ledger_posted_entries where account_id = ${call.cashAccountId}::bigint)
            as balance_after,
          ${accountBalanceSql(sql`${call.bonusAccountId}::bigint`)} as bonus_balance
        from bet_round
        where exists (select from bet_transaction)`,
  );
  if (!row) throw new Error('the bet statement wrote no round or no call');
  return { round: toRoundRow(row), balance: row.balance_after, bonusBalance: row.bonus_balance };
};

/** What the ledger's postings of a bet batch record as references: the rounds the batch statement writes. */
export const betBatchReferences = sql`bet_round_refs`;

export type NewBet = { round: NewBetRound; call: BetCall };

/**
 * Many new bets on rounds that stay open in ONE statement (group commit, see vendor-wallet.bet-batch.ts): the
 * members' advisory locks in ascending key order, the rounds, the ledger's postings (`postings`, the ledger's
 * batch CTEs, whose references come from `bet_round_refs`) and the calls' rows. Any refusal (a uuid or ledger
 * key taken, not enough money for one of them, two bets on one round) fails the statement and nothing is
 * written; the calls' rows are written whenever the statement succeeds (a data-modifying CTE always runs to
 * its end). Answers each bet's round and the member's balance after it, in the order given.
 */
export const insertBetBatch = async (
  executor: Executor,
  bets: readonly NewBet[],
  postings: PostingBatchCtes,
): Promise<Array<{ round: WalletRoundRow; balance: bigint | null; bonusBalance: bigint }>> => {
  const lockKeys = [...new Set(bets.map((bet) => memberLockKey(bet.round.memberId)))].sort((a, b) => a - b);
  const rows = await selectPrepared<
    RoundRecord & { ordinal: number; balance_after: bigint | null; bonus_balance: bigint }
  >(
    executor,
    'vendor_wallet_bet_batch_v3',
    sql`with member_locks as (
          select pg_advisory_xact_lock(${memberLockNamespace}::int, key)
          from unnest(${numberArray(lockKeys)}::int[]) with ordinality as member_key (key, position)
          order by position
        ),
        bet_batch as (
          select * from unnest(
            ${numberArray(bets.map((_, ordinal) => ordinal))}::int[],
            ${numberArray(bets.map((bet) => bet.round.brandId))}::bigint[],
            ${numberArray(bets.map((bet) => bet.round.memberId))}::bigint[],
            ${numberArray(bets.map((bet) => bet.round.vendorId))}::bigint[],
            ${numberArray(bets.map((bet) => bet.round.gameId))}::bigint[],
            ${textArray(bets.map((bet) => bet.round.roundRef))}::text[],
            ${textArray(bets.map((bet) => bet.round.productLine))}::text[],
            ${textArray(bets.map((bet) => bet.round.currency))}::text[],
            ${numberArray(bets.map((bet) => bet.round.amount))}::bigint[],
            ${textArray(bets.map((bet) => bet.call.transactionUuid))}::text[],
            ${textArray(bets.map((bet) => bet.call.requestHash))}::text[],
            ${numberArray(bets.map((bet) => bet.call.cashAccountId))}::bigint[],
            ${numberArray(bets.map((bet) => bet.call.bonusAccountId))}::bigint[],
            ${textArray(bets.map((bet) => bet.round.description))}::text[]
          ) as bet (ordinal, brand_id, member_id, vendor_id, game_id, round_ref, product_line, currency, amount,
                    transaction_uuid, request_hash, cash_account_id, bonus_account_id, description)
        ),
        bet_rounds as (
          insert into game_rounds
            (brand_id, member_id, vendor_id, game_id, round_ref, product_line, currency, status, bet_amount,
             details)
          select brand_id, member_id, vendor_id, game_id, round_ref, product_line, currency, 'open', amount,
                 ${detailsOf(sql`description`)}
          from bet_batch
          where (select count(*) from member_locks) > 0
          order by ordinal
          on conflict (vendor_id, member_id, round_ref) do update set
            bet_amount = game_rounds.bet_amount + excluded.bet_amount,
            status = 'open',
            settled_at = null,
            details = coalesce(game_rounds.details, excluded.details),
            updated_at = now()
          returning id, vendor_id, member_id, round_ref, status, bet_amount, refunded_amount, valid_bet,
                    turnover_recorded, product_line, bonus_staked
        ),
        bet_round_refs as (
          select bet.ordinal, bet_rounds.id, 'round:' || bet_rounds.id as reference
          from bet_batch bet
          join bet_rounds on bet_rounds.vendor_id = bet.vendor_id and bet_rounds.member_id = bet.member_id
            and bet_rounds.round_ref = bet.round_ref
        ),
        ${postings},
        bet_transactions as (
          insert into game_transactions
            (vendor_id, transaction_uuid, kind, brand_id, member_id, round_id, amount, request_hash,
             ledger_transaction_id)
          select bet.vendor_id, bet.transaction_uuid, 'bet', bet.brand_id, bet.member_id, refs.id, bet.amount,
                 bet.request_hash, ledger_batch_transactions.id
          from bet_batch bet
          join bet_round_refs refs on refs.ordinal = bet.ordinal
          join ledger_batch_transactions on ledger_batch_transactions.ordinal = bet.ordinal
          order by bet.ordinal
          returning id
        )
        select bet.ordinal, bet_rounds.id, bet_rounds.status, bet_rounds.bet_amount, bet_rounds.refunded_amount,
               bet_rounds.valid_bet, bet_rounds.turnover_recorded, bet_rounds.product_line,
               bet_rounds.bonus_staked, entry.balance_after,
               ${accountBalanceSql(sql`bet.bonus_account_id`)} as bonus_balance
        from bet_batch bet
        join bet_round_refs refs on refs.ordinal = bet.ordinal
        join bet_rounds on bet_rounds.id = refs.id
        join ledger_batch_transactions on ledger_batch_transactions.ordinal = bet.ordinal
        left join ledger_batch_entries entry on entry.transaction_id = ledger_batch_transactions.id
          and entry.account_id = bet.cash_account_id
        order by bet.ordinal`,
  );
  return rows.map((row) => ({
    round: toRoundRow(row),
    balance: row.balance_after,
    bonusBalance: row.bonus_balance,
  }));
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
  /** The part of a bet staked with bonus money. */
  bonusAmount: bigint;
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
      bonusAmount: gameTransactions.bonusAmount,
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
    .where(
      and(
        eq(gameTransactions.roundId, roundId),
        eq(gameTransactions.kind, 'win'),
        eq(gameTransactions.isRolledBack, false),
      ),
    )
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
  productLine: string;
  /** The part of the bets staked with bonus money. */
  bonusStaked: bigint;
};

const roundColumns = {
  id: gameRounds.id,
  status: gameRounds.status,
  betAmount: gameRounds.betAmount,
  refundedAmount: gameRounds.refundedAmount,
  validBet: gameRounds.validBet,
  turnoverRecorded: gameRounds.turnoverRecorded,
  productLine: gameRounds.productLine,
  bonusStaked: gameRounds.bonusStaked,
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
      validBet: sql`case when ${isSettled} then ${validBetSql(
        sql`${gameRounds.productLine}`,
        sql`${gameRounds.betAmount} - ${gameRounds.refundedAmount} - ${change.refundDelta}`,
        sql`${gameRounds.winAmount} + ${change.winDelta}`,
      )} else ${gameRounds.validBet} end`,
      settledAt: change.isClosed ? sql`now()` : sql`${gameRounds.settledAt}`,
      updatedAt: sql`now()`,
    })
    .where(eq(gameRounds.id, roundId))
    .returning(roundColumns);
  if (!row) throw new Error(`game round ${roundId} vanished`);
  return row;
};

/** Open rounds with no call since `before`, longest idle first, whose owners the closing needs. */
export const listIdleRounds = (executor: Executor, before: Date, limit: number) =>
  executor
    .select({
      id: gameRounds.id,
      brandId: gameRounds.brandId,
      memberId: gameRounds.memberId,
      currency: gameRounds.currency,
    })
    .from(gameRounds)
    .where(
      and(
        eq(gameRounds.status, 'open'),
        lt(gameRounds.updatedAt, before),
        notInArray(gameRounds.productLine, [...eventBettingLines]),
      ),
    )
    .orderBy(asc(gameRounds.updatedAt))
    .limit(limit);

/**
 * Settles a round that is still open and still idle since `before` (a call meanwhile keeps it open), as a
 * closing call would: its valid bet is what was staked less the refunds. Undefined when it was not idle.
 */
export const closeIdleRound = async (
  executor: Executor,
  roundId: bigint,
  before: Date,
): Promise<WalletRoundRow | undefined> => {
  const [row] = await executor
    .update(gameRounds)
    .set({
      status: 'settled',
      validBet: sql`${gameRounds.betAmount} - ${gameRounds.refundedAmount}`,
      settledAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(gameRounds.id, roundId), eq(gameRounds.status, 'open'), lt(gameRounds.updatedAt, before)))
    .returning(roundColumns);
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
  /** A bet's part staked with bonus money (0 when cash covered it). */
  bonusAmount?: bigint;
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
  const rows = await selectPrepared<{ id: bigint }>(
    executor,
    'vendor_wallet_insert_transaction_v3',
    sql`insert into game_transactions
          (vendor_id, transaction_uuid, kind, brand_id, member_id, round_id, reference_uuid, amount,
           request_hash, ledger_transaction_id, bonus_amount)
        values (${values.vendorId}::bigint, ${values.transactionUuid}::text, ${values.kind}::text,
                ${values.brandId}::bigint, ${values.memberId}::bigint, ${values.roundId}::bigint,
                ${values.referenceUuid}::text, ${values.amount}::bigint, ${values.requestHash}::text,
                ${values.ledgerTransactionId}::bigint, ${values.bonusAmount ?? 0n}::bigint)
        on conflict (vendor_id, transaction_uuid) do nothing
        returning id`,
  );
  return rows.length > 0;
};

/** Adds a bet's bonus-money part to its round. */
export const addBonusStaked = async (executor: Executor, roundId: bigint, amount: bigint): Promise<void> => {
  await executor
    .update(gameRounds)
    .set({ bonusStaked: sql`${gameRounds.bonusStaked} + ${amount}` })
    .where(eq(gameRounds.id, roundId));
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
