import type { MarketSpec, MilliOdds, Outcome } from '../domain';
import type { Executor } from '../store/store';
import type { WalletCallRow } from '../wallet/wallet-calls';

/** The sportsbook's slips and legs (SQL only). Money in cents, odds in thousandths. */

export type SlipStatusCode =
  'placing' | 'open' | 'won' | 'lost' | 'partly_lost' | 'void' | 'cashed_out' | 'refused';

export type LegRow = {
  leg: number;
  fixtureId: string;
  /** "Home v Away" and the sport, as the fixture was when the slip was placed. */
  fixtureName: string;
  sport: string;
  marketId: string;
  market: MarketSpec;
  selection: string;
  odds: MilliOdds;
  outcome: Outcome | null;
};

export type SlipRow = {
  id: bigint;
  roundRef: string;
  player: string;
  currency: string;
  vendorCode: string;
  gameCode: string;
  kind: string;
  lineCount: number;
  stakePerLine: bigint;
  totalStake: bigint;
  potentialReturn: bigint;
  status: SlipStatusCode;
  totalReturn: bigint | null;
  /** Paid by partial cash-outs; the stake and potential return are what stays on. */
  cashedOut: bigint;
  placedAt: Date;
  settledAt: Date | null;
  legs: LegRow[];
};

type SlipRecord = {
  id: string | bigint;
  round_ref: string;
  player: string;
  currency: string;
  vendor_code: string;
  game_code: string;
  kind: string;
  line_count: number;
  stake_per_line: string | bigint;
  total_stake: string | bigint;
  potential_return: string | bigint;
  status: SlipStatusCode;
  total_return: string | bigint | null;
  cashed_out: string | bigint;
  placed_at: Date | string;
  settled_at: Date | string | null;
  legs: Array<{
    leg: number;
    fixture_id: string;
    fixture_name: string;
    sport: string;
    market_id: string;
    market: MarketSpec;
    selection: string;
    odds: number;
    outcome: Outcome | null;
  }>;
};

const slipOf = (row: SlipRecord): SlipRow => ({
  id: BigInt(row.id),
  roundRef: row.round_ref,
  player: row.player,
  currency: row.currency,
  vendorCode: row.vendor_code,
  gameCode: row.game_code,
  kind: row.kind,
  lineCount: row.line_count,
  stakePerLine: BigInt(row.stake_per_line),
  totalStake: BigInt(row.total_stake),
  potentialReturn: BigInt(row.potential_return),
  status: row.status,
  totalReturn: row.total_return === null ? null : BigInt(row.total_return),
  cashedOut: BigInt(row.cashed_out),
  placedAt: new Date(row.placed_at),
  settledAt: row.settled_at === null ? null : new Date(row.settled_at),
  legs: row.legs
    .map((leg) => ({
      leg: leg.leg,
      fixtureId: leg.fixture_id,
      fixtureName: leg.fixture_name,
      sport: leg.sport,
      marketId: leg.market_id,
      market: leg.market,
      selection: leg.selection,
      odds: leg.odds,
      outcome: leg.outcome,
    }))
    .sort((a, b) => a.leg - b.leg),
});

const slipColumns = `s.id, s.round_ref, s.player, s.currency, s.vendor_code, s.game_code, s.kind, s.line_count, s.stake_per_line,
  s.total_stake, s.potential_return, s.status, s.total_return, s.cashed_out, s.placed_at, s.settled_at,
  (select json_agg(json_build_object('leg', l.leg, 'fixture_id', l.fixture_id, 'market_id', l.market_id,
    'fixture_name', f.home || ' v ' || f.away, 'sport', f.sport,
    'market', l.market, 'selection', l.selection, 'odds', l.odds, 'outcome', l.outcome))
   from sb_legs l join sb_fixtures f on f.id = l.fixture_id where l.slip_id = s.id) as legs`;

export type FixtureRecord = {
  id: string;
  sport: string;
  league: string;
  home: string;
  away: string;
  kickOffAt: Date;
  status: string;
};

/** Records a fixture's result; answers whether it is new or changed (a correction bumps the version). */
export const saveResult = async (
  executor: Executor,
  fixtureId: string,
  status: string,
  result: unknown,
): Promise<boolean> => {
  const rows = await executor.query(
    `update sb_fixtures set status = $2, result = $3::jsonb, result_version = result_version + 1, updated_at = now()
     where id = $1 and result is distinct from $3::jsonb returning id`,
    [fixtureId, status, JSON.stringify(result)],
  );
  return rows.length > 0;
};

/** Fixtures with a result and slips still open on them (a settlement a stop interrupted). */
export const fixturesToSettle = (executor: Executor): Promise<Array<{ id: string; result: unknown }>> =>
  executor.query(
    `select f.id, f.result from sb_fixtures f where f.result is not null and exists (
       select 1 from sb_legs l join sb_slips s on s.id = l.slip_id
       where l.fixture_id = f.id and s.status = 'open')`,
  );

/** Fixtures with open slips that the feed no longer knows and that never got a result. */
export const fixturesWithoutResult = (executor: Executor): Promise<Array<{ id: string }>> =>
  executor.query(
    `select f.id from sb_fixtures f where f.result is null and exists (
       select 1 from sb_legs l join sb_slips s on s.id = l.slip_id
       where l.fixture_id = f.id and s.status = 'open')`,
  );

export type NewSlip = Omit<
  SlipRow,
  'id' | 'status' | 'totalReturn' | 'cashedOut' | 'placedAt' | 'settledAt' | 'legs'
> & {
  legs: Array<Omit<LegRow, 'outcome' | 'fixtureName' | 'sport'>>;
};

/** The most the book may stand to pay on a market, and one player stake on it, across open slips. */
export type ExposureLimits = { maxLiabilityPerMarket: bigint; maxStakePerPlayerPerMarket: bigint };

/** A slip to place: what is written if the limits allow it. */
export type SlipToPlace = { slip: NewSlip; fixtures: readonly FixtureRecord[]; bet: WalletCallRow };

export type Placement = { id: bigint; placedAt: Date; callId: bigint } | 'liability' | 'player_limit';

/**
 * Places slips in one statement (`sb_place_slips`), one after another, each if the limits still allow it: its
 * potential return added to each of its markets' liability and its stake to the player's row of each
 * (`sb_exposure`), then the slip, its legs, its fixtures and its bet call written. Answers per slip, in order.
 */
export const placeSlips = async (
  executor: Executor,
  slips: readonly SlipToPlace[],
  limits: ExposureLimits,
): Promise<Placement[]> => {
  const rows = await executor.query<{
    new_slip: string | bigint | null;
    new_placed_at: Date | string | null;
    new_bet: string | bigint | null;
    refusal: string | null;
  }>(
    `select new_slip, new_placed_at, new_bet, refusal from sb_place_slips($1::jsonb, $2::bigint, $3::bigint)`,
    [
      JSON.stringify(
        slips.map(({ slip, fixtures, bet }) => ({
          markets: [...new Set(slip.legs.map((leg) => leg.marketId))],
          player: slip.player,
          potential: slip.potentialReturn.toString(),
          stake: slip.totalStake.toString(),
          round_ref: slip.roundRef,
          currency: slip.currency,
          vendor_code: slip.vendorCode,
          game_code: slip.gameCode,
          kind: slip.kind,
          line_count: slip.lineCount,
          stake_per_line: slip.stakePerLine.toString(),
          fixtures: fixtures.map((fixture) => ({
            ...fixture,
            kickoff_at: fixture.kickOffAt.toISOString(),
            kickOffAt: undefined,
          })),
          legs: slip.legs.map((leg) => ({
            leg: leg.leg,
            fixture_id: leg.fixtureId,
            market_id: leg.marketId,
            market: leg.market,
            selection: leg.selection,
            odds: leg.odds,
          })),
          bet,
        })),
      ),
      limits.maxLiabilityPerMarket.toString(),
      limits.maxStakePerPlayerPerMarket.toString(),
    ],
  );
  return rows.map((row): Placement => {
    if (row.refusal === 'liability' || row.refusal === 'player_limit') return row.refusal;
    if (row.new_slip === null || row.new_placed_at === null || row.new_bet === null) {
      throw new Error(`slip not written${row.refusal ? ` (${row.refusal})` : ''}`);
    }
    return { id: BigInt(row.new_slip), placedAt: new Date(row.new_placed_at), callId: BigInt(row.new_bet) };
  });
};

/** What open slips (and those being placed) stand to cost on a market: the book's liability and each player's stake. */
export const exposureOf = async (
  executor: Executor,
  marketId: string,
): Promise<{ liability: bigint; stakes: Map<string, bigint> }> => {
  const rows = await executor.query<{ player: string; amount: string | bigint }>(
    `select player, amount from sb_exposure where market_id = $1`,
    [marketId],
  );
  return {
    liability: BigInt(rows.find((row) => row.player === '')?.amount ?? 0),
    stakes: new Map(rows.filter((row) => row.player !== '').map((row) => [row.player, BigInt(row.amount)])),
  };
};

/** A call answered in the statement that moves its slip (a bet's answer and the slip it opens or refuses). */
export type AnsweredCall = { id: bigint; answerStatus: string; attempts: number };

export type SlipMove = {
  id: bigint;
  status: SlipStatusCode;
  totalReturn: bigint | null;
  /** The closing wallet call, written if the slip moves. */
  call?: WalletCallRow;
  /** Its bet's answer, recorded whether or not the slip moves. */
  answered?: AnsweredCall;
};

/** Moves of up to this many slips (placements answered together, a cash-out) share one plan; more are planned each time. */
const fewMoves = 64;

/**
 * Moves slips from one status to another; answers the ids that moved (a slip moves once). A slip moved from
 * placing or open to a final status gives back its share of its markets' exposure, and gets its closing wallet
 * call written, all in this one statement.
 */
export const moveSlips = async (
  executor: Executor,
  moves: readonly SlipMove[],
  from: SlipStatusCode,
): Promise<Set<bigint>> => {
  if (moves.length === 0) return new Set();
  const column = <K extends keyof WalletCallRow>(key: K) => moves.map((move) => move.call?.[key] ?? null);
  // The moves as columns (unnest's row count is known to the planner, unlike a JSON document's).
  const rows = await executor.query<{ id: string | bigint }>(
    `with x as materialized (
       select * from unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::uuid[], $6::bigint[],
         $7::text[], $8::text[], $9::text[], $10::bigint[], $11::text[], $12::int[])
         as x(id, status, total_return, method, transaction_uuid, amount, vendor_code, request_uuid, body,
           call_id, answer_status, attempts)
     ), answered as (
       update sb_wallet_calls c set status = 'done', answer_status = x.answer_status,
         attempts = c.attempts + x.attempts
       from x where c.id = x.call_id
     ), moved as (
       update sb_slips s set status = x.status, total_return = x.total_return,
         settled_at = case when x.status in ('placing', 'open') then null else now() end
       from x where s.id = x.id and s.status = $13
       returning s.id, s.player, s.potential_return, s.total_stake, s.status, x.method, x.transaction_uuid,
         x.amount, x.vendor_code, x.request_uuid, x.body
     ), calls as (
       insert into sb_wallet_calls (slip_id, method, transaction_uuid, amount, vendor_code, request_uuid, body,
         signature)
       select id, method, transaction_uuid, amount, vendor_code, request_uuid, body, ''
       from moved where method is not null
     ), closed as (
       select l.market_id, moved.player, moved.potential_return, moved.total_stake
       from moved join sb_legs l on l.slip_id = moved.id
       where $13 in ('placing', 'open') and moved.status not in ('placing', 'open')
     ), released as (
       select market_id, '' as player, sum(potential_return) as amount from closed group by market_id
       union all
       select market_id, player, sum(total_stake) from closed group by market_id, player
     ), locked as (
       select e.market_id from sb_exposure e join released r using (market_id, player)
       order by e.market_id collate "C", e.player collate "C" for update of e
     ), exposure as (
       update sb_exposure e set amount = e.amount - r.amount from released r
       where e.market_id = r.market_id and e.player = r.player and (select count(*) from locked) >= 0
     )
     select id from moved`,
    [
      moves.map((move) => move.id.toString()),
      moves.map((move) => move.status),
      moves.map((move) => move.totalReturn?.toString() ?? null),
      column('method'),
      column('transaction_uuid'),
      column('amount'),
      column('vendor_code'),
      column('request_uuid'),
      column('body'),
      moves.map((move) => move.answered?.id.toString() ?? null),
      moves.map((move) => move.answered?.answerStatus ?? null),
      moves.map((move) => move.answered?.attempts ?? null),
      from,
    ],
    { isPlannedOnce: moves.length <= fewMoves },
  );
  return new Set(rows.map((row) => BigInt(row.id)));
};

/**
 * Opens placed slips whose bets the wallet took, recording each bet's answer: `moveSlips` to 'open' from
 * 'placing', in a lighter statement (an opened slip keeps its exposure and gets no call). Answers the ids that
 * opened (a slip opens once); the answers are recorded whether or not their slip opens.
 */
export const openPlacedSlips = async (
  executor: Executor,
  placements: ReadonlyArray<{ id: bigint; answered: AnsweredCall }>,
): Promise<Set<bigint>> => {
  if (placements.length === 0) return new Set();
  const rows = await executor.query<{ id: string | bigint }>(
    `with answered as (
       update sb_wallet_calls c set status = 'done', answer_status = x.answer_status,
         attempts = c.attempts + x.attempts
       from unnest($2::bigint[], $3::text[], $4::int[]) as x(call_id, answer_status, attempts)
       where c.id = x.call_id
     )
     update sb_slips s set status = 'open', total_return = null, settled_at = null
     from unnest($1::bigint[]) as x(id)
     where s.id = x.id and s.status = 'placing'
     returning s.id`,
    [
      placements.map((placement) => placement.id.toString()),
      placements.map((placement) => placement.answered.id.toString()),
      placements.map((placement) => placement.answered.answerStatus),
      placements.map((placement) => placement.answered.attempts),
    ],
    { isPlannedOnce: placements.length <= fewMoves },
  );
  return new Set(rows.map((row) => BigInt(row.id)));
};

export const findSlip = async (executor: Executor, id: bigint): Promise<SlipRow | undefined> => {
  const [row] = await executor.query<SlipRecord>(`select ${slipColumns} from sb_slips s where s.id = $1`, [
    id.toString(),
  ]);
  return row && slipOf(row);
};

/** A player's slips, newest first; open ones (and those still being placed) or settled ones. */
export const listSlips = async (
  executor: Executor,
  player: string,
  isOpen: boolean,
  limit: number,
): Promise<SlipRow[]> =>
  (
    await executor.query<SlipRecord>(
      `select ${slipColumns} from sb_slips s
       where s.player = $1 and (s.status in ('placing', 'open')) = $2 and s.status <> 'refused'
       order by s.id desc limit $3`,
      [player, isOpen, limit],
    )
  ).map(slipOf);

/** The distinct selections still undecided on a fixture. */
export const undecidedSelections = (
  executor: Executor,
  fixtureId: string,
): Promise<Array<{ market_id: string; market: MarketSpec; selection: string }>> =>
  executor.query(
    `select distinct on (market_id, selection) market_id, market, selection from sb_legs
     where fixture_id = $1 and outcome is null`,
    [fixtureId],
    { isPlannedOnce: false },
  );

export const decideLegs = async (
  executor: Executor,
  fixtureId: string,
  outcomes: ReadonlyArray<{ marketId: string; selection: string; outcome: Outcome }>,
): Promise<void> => {
  if (outcomes.length === 0) return;
  await executor.query(
    `update sb_legs l set outcome = x.outcome
     from json_to_recordset($2::json) as x(market_id text, selection text, outcome text)
     where l.fixture_id = $1 and l.market_id = x.market_id and l.selection = x.selection and l.outcome is null`,
    [
      fixtureId,
      JSON.stringify(
        outcomes.map((item) => ({
          market_id: item.marketId,
          selection: item.selection,
          outcome: item.outcome,
        })),
      ),
    ],
    { isPlannedOnce: false },
  );
};

/** A slip to settle or resettle: what its outcome and its closing wallet calls need. */
export type SettlingSlip = Pick<
  SlipRow,
  | 'id'
  | 'roundRef'
  | 'player'
  | 'currency'
  | 'vendorCode'
  | 'gameCode'
  | 'kind'
  | 'stakePerLine'
  | 'cashedOut'
  | 'status'
> & {
  totalReturn: bigint;
  /** The transaction uuid of its bet, which the closing call refers to. */
  betUuid: string;
  /**
   * Of a settled slip: the win that settled it (or its last resettlement; a partial cash-out's win leaves the round
   * open), the one a correction takes back; '' for an open slip.
   */
  closingWinUuid: string;
  legs: Array<{ fixtureId: string; odds: MilliOdds; outcome: Outcome | null }>;
};

/**
 * Which slips on a fixture: `ready`, the open ones whose every leg is decided (to settle); `settled`, those settled
 * by a win (won, lost, partly lost: a void slip's stake is back with the player and a cash-out stands whatever the
 * result), to resettle.
 */
const slipFilters = {
  ready: `s.status = 'open' and not exists (select 1 from sb_legs u where u.slip_id = s.id and u.outcome is null)`,
  settled: `s.status in ('won', 'lost', 'partly_lost')`,
} as const;

/**
 * The next `limit` slips with a leg on the fixture after `afterId` (in id order), and of those the `which` ones,
 * with their legs; `scannedTo` is the last slip looked at, `isLast` whether there are no more.
 */
export const settlingSlips = async (
  executor: Executor,
  fixtureId: string,
  afterId: bigint,
  limit: number,
  which: keyof typeof slipFilters = 'ready',
): Promise<{ slips: SettlingSlip[]; scannedTo: bigint; isLast: boolean }> => {
  const rows = await executor.query<{
    scanned: string | bigint;
    scanned_to: string | bigint | null;
    id: string | bigint | null;
    round_ref: string;
    player: string;
    currency: string;
    vendor_code: string;
    game_code: string;
    kind: string;
    stake_per_line: string | bigint;
    cashed_out: string | bigint;
    status: SlipStatusCode;
    total_return: string | bigint | null;
    bet_uuid: string | null;
    closing_win_uuid: string | null;
    fixture_id: string;
    odds: number;
    outcome: Outcome | null;
  }>(
    `with candidates as materialized (
       select slip_id from sb_legs where fixture_id = $1 and slip_id > $2 order by slip_id limit $3
     ), chosen as (
       select s.* from candidates c join sb_slips s on s.id = c.slip_id where ${slipFilters[which]}
     )
     select (select count(*) from candidates) as scanned, (select max(slip_id) from candidates) as scanned_to,
       s.id, s.round_ref, s.player, s.currency, s.vendor_code, s.game_code, s.kind, s.stake_per_line, s.cashed_out,
       s.status, s.total_return, b.transaction_uuid as bet_uuid,
       ${
         which === 'settled'
           ? `(select w.transaction_uuid from sb_wallet_calls w
                where w.slip_id = s.id and w.method = 'transaction/win' and (w.body::jsonb ->> 'round_closed') = 'true'
                order by w.id desc limit 1)`
           : 'null'
       } as closing_win_uuid,
       l.fixture_id, l.odds, l.outcome
     from (select 1) as one
       left join (chosen s join sb_legs l on l.slip_id = s.id
         left join sb_wallet_calls b on b.slip_id = s.id and b.method = 'transaction/bet') on true
     order by s.id, l.leg`,
    [fixtureId, afterId.toString(), limit],
    { isPlannedOnce: false },
  );
  const slips: SettlingSlip[] = [];
  for (const row of rows) {
    if (row.id === null) continue;
    const id = BigInt(row.id);
    let slip = slips.at(-1);
    if (slip?.id !== id) {
      slip = {
        id,
        roundRef: row.round_ref,
        player: row.player,
        currency: row.currency,
        vendorCode: row.vendor_code,
        gameCode: row.game_code,
        kind: row.kind,
        stakePerLine: BigInt(row.stake_per_line),
        cashedOut: BigInt(row.cashed_out),
        status: row.status,
        totalReturn: BigInt(row.total_return ?? 0),
        betUuid: row.bet_uuid ?? '',
        closingWinUuid: row.closing_win_uuid ?? '',
        legs: [],
      };
      slips.push(slip);
    }
    slip.legs.push({ fixtureId: row.fixture_id, odds: row.odds, outcome: row.outcome });
  }
  const scannedTo = rows[0]?.scanned_to ?? null;
  return {
    slips,
    scannedTo: scannedTo === null ? afterId : BigInt(scannedTo),
    isLast: Number(rows[0]?.scanned ?? 0) < limit,
  };
};

/** Slips left half-placed by a process that stopped. */
export const placingSlips = async (executor: Executor): Promise<SlipRow[]> =>
  (await executor.query<SlipRecord>(`select ${slipColumns} from sb_slips s where s.status = 'placing'`)).map(
    slipOf,
  );

/** The bet call of a slip: its transaction uuid and how it ended (null: no final answer yet). */
export const betCallOf = async (
  executor: Executor,
  slipId: bigint,
): Promise<
  { id: bigint; transactionUuid: string; answerStatus: string | null; isDone: boolean } | undefined
> => {
  const [row] = await executor.query<{
    id: string | bigint;
    transaction_uuid: string;
    answer_status: string | null;
    status: string;
  }>(
    `select id, transaction_uuid, answer_status, status from sb_wallet_calls
     where slip_id = $1 and method = 'transaction/bet'`,
    [slipId.toString()],
  );
  return (
    row && {
      id: BigInt(row.id),
      transactionUuid: row.transaction_uuid,
      answerStatus: row.answer_status,
      isDone: row.status === 'done',
    }
  );
};

/** A bet given up without a final answer: it is rolled back instead, and never sent again. */
export const giveUpCall = async (executor: Executor, callId: bigint): Promise<void> => {
  await executor.query(
    `update sb_wallet_calls set status = 'done', answer_status = 'GIVEN_UP' where id = $1`,
    [callId.toString()],
  );
};

/**
 * A partial cash-out: `paid` goes to the player (its win call written here) and the slip stays open on `stake`
 * with `potentialReturn`, its markets' exposure lowered by what it no longer stands to cost (rows locked in the
 * order every statement takes them). Only if the slip is still open on the stake it was priced on.
 */
export const cashOutPart = async (
  executor: Executor,
  slip: Pick<SlipRow, 'id' | 'player' | 'totalStake' | 'potentialReturn' | 'legs'>,
  change: { stake: bigint; potentialReturn: bigint; paid: bigint; call: WalletCallRow },
): Promise<bigint | null> => {
  const [row] = await executor.query<{ call_id: string | bigint }>(
    `with slip as (
       update sb_slips set stake_per_line = $3, total_stake = $3, potential_return = $4, cashed_out = cashed_out + $5
       where id = $1 and status = 'open' and total_stake = $2 returning id
     ), released as (
       select market_id, '' as player, $6::bigint as amount from unnest($8::text[]) as m(market_id)
       union all
       select market_id, $9, $7::bigint from unnest($8::text[]) as m(market_id)
     ), locked as (
       select e.market_id from sb_exposure e join released r using (market_id, player)
       where exists (select 1 from slip)
       order by e.market_id collate "C", e.player collate "C" for update of e
     ), exposure as (
       update sb_exposure e set amount = e.amount - r.amount from released r
       where e.market_id = r.market_id and e.player = r.player and (select count(*) from locked) >= 0
         and exists (select 1 from slip)
     ), call as (
       insert into sb_wallet_calls (slip_id, method, transaction_uuid, amount, vendor_code, request_uuid, body,
         signature)
       select slip.id, $10, $11::uuid, $12::bigint, $13, $14, $15, '' from slip
       returning id
     )
     select id as call_id from call`,
    [
      slip.id.toString(),
      slip.totalStake.toString(),
      change.stake.toString(),
      change.potentialReturn.toString(),
      change.paid.toString(),
      (slip.potentialReturn - change.potentialReturn).toString(),
      (slip.totalStake - change.stake).toString(),
      [...new Set(slip.legs.map((leg) => leg.marketId))],
      slip.player,
      change.call.method,
      change.call.transaction_uuid,
      change.call.amount,
      change.call.vendor_code,
      change.call.request_uuid,
      change.call.body,
    ],
  );
  return row ? BigInt(row.call_id) : null;
};
