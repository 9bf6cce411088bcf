import type { MarketSpec, MilliOdds, Outcome } from '../domain';
import type { Executor } from '../store/store';

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
  s.total_stake, s.potential_return, s.status, s.total_return, s.placed_at, s.settled_at,
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

/** Keeps the fixtures slips are placed on (names for the bets' history, and where a result is kept). */
export const saveFixtures = async (tx: Executor, fixtures: readonly FixtureRecord[]): Promise<void> => {
  await tx.query(
    `insert into sb_fixtures (id, sport, league, home, away, kickoff_at, status)
     select id, sport, league, home, away, kickoff_at, status
     from json_to_recordset($1::json) as x(id text, sport text, league text, home text, away text,
       kickoff_at timestamptz, status text)
     on conflict (id) do nothing`,
    [
      JSON.stringify(
        fixtures.map((fixture) => ({
          ...fixture,
          kickoff_at: fixture.kickOffAt.toISOString(),
          kickOffAt: undefined,
        })),
      ),
    ],
  );
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

/** Serialises placements touching the same markets (in one order, so two slips never wait on each other). */
export const lockMarkets = async (tx: Executor, marketIds: readonly string[]): Promise<void> => {
  for (const marketId of [...new Set(marketIds)].sort()) {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [marketId]);
  }
};

/** What the book stands to pay on each market (open slips' potential returns) and the player's stake on it. */
export const exposureOn = async (
  tx: Executor,
  marketIds: readonly string[],
  player: string,
): Promise<Map<string, { liability: bigint; playerStake: bigint }>> => {
  const rows = await tx.query<{
    market_id: string;
    liability: string | bigint;
    player_stake: string | bigint;
  }>(
    `select l.market_id, coalesce(sum(s.potential_return), 0) as liability,
       coalesce(sum(s.total_stake) filter (where s.player = $2), 0) as player_stake
     from sb_legs l join sb_slips s on s.id = l.slip_id
     where l.market_id = any($1::text[]) and s.status in ('placing', 'open')
     group by l.market_id`,
    [marketIds, player],
  );
  return new Map(
    rows.map((row) => [
      row.market_id,
      { liability: BigInt(row.liability), playerStake: BigInt(row.player_stake) },
    ]),
  );
};

export type NewSlip = Omit<
  SlipRow,
  'id' | 'roundRef' | 'status' | 'totalReturn' | 'placedAt' | 'settledAt' | 'legs'
> & {
  legs: Array<Omit<LegRow, 'outcome' | 'fixtureName' | 'sport'>>;
};

export const insertSlip = async (tx: Executor, slip: NewSlip): Promise<{ id: bigint; roundRef: string }> => {
  const [row] = await tx.query<{ id: string | bigint; round_ref: string }>(
    `insert into sb_slips (player, currency, vendor_code, game_code, kind, line_count, stake_per_line, total_stake,
       potential_return, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'placing') returning id, round_ref`,
    [
      slip.player,
      slip.currency,
      slip.vendorCode,
      slip.gameCode,
      slip.kind,
      slip.lineCount,
      slip.stakePerLine.toString(),
      slip.totalStake.toString(),
      slip.potentialReturn.toString(),
    ],
  );
  if (!row) throw new Error('slip not written');
  const id = BigInt(row.id);
  await tx.query(
    `insert into sb_legs (slip_id, leg, fixture_id, market_id, market, selection, odds)
     select $1, leg, fixture_id, market_id, market, selection, odds
     from json_to_recordset($2::json) as x(leg int, fixture_id text, market_id text, market jsonb, selection text,
       odds int)`,
    [
      id.toString(),
      JSON.stringify(
        slip.legs.map((leg) => ({
          leg: leg.leg,
          fixture_id: leg.fixtureId,
          market_id: leg.marketId,
          market: leg.market,
          selection: leg.selection,
          odds: leg.odds,
        })),
      ),
    ],
  );
  return { id, roundRef: row.round_ref };
};

/** Moves slips from one status to another; answers the ids that moved (a slip moves once). */
export const moveSlips = async (
  tx: Executor,
  moves: ReadonlyArray<{ id: bigint; status: SlipStatusCode; totalReturn: bigint | null }>,
  from: SlipStatusCode,
): Promise<Set<bigint>> => {
  if (moves.length === 0) return new Set();
  const rows = await tx.query<{ id: string | bigint }>(
    `update sb_slips s set status = x.status, total_return = x.total_return,
       settled_at = case when x.status in ('placing', 'open') then null else now() end
     from json_to_recordset($1::json) as x(id bigint, status text, total_return bigint)
     where s.id = x.id and s.status = $2
     returning s.id`,
    [
      JSON.stringify(
        moves.map((move) => ({
          id: move.id.toString(),
          status: move.status,
          total_return: move.totalReturn?.toString() ?? null,
        })),
      ),
      from,
    ],
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
  );
};

/** Open slips with a leg on the fixture whose every leg is decided, `limit` at a time. */
export const decidedOpenSlips = async (
  executor: Executor,
  fixtureId: string,
  afterId: bigint,
  limit: number,
): Promise<SlipRow[]> =>
  (
    await executor.query<SlipRecord>(
      `select ${slipColumns} from sb_slips s
       where s.status = 'open' and s.id > $2
         and exists (select 1 from sb_legs l where l.slip_id = s.id and l.fixture_id = $1)
         and not exists (select 1 from sb_legs l where l.slip_id = s.id and l.outcome is null)
       order by s.id limit $3`,
      [fixtureId, afterId.toString(), limit],
    )
  ).map(slipOf);

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
