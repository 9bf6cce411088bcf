import type { MarketSpec, MilliOdds, Outcome } from '../domain';
import type { Executor } from '../store/store';
import type { SlipStatusCode } from './slips.repository';

/** What resettling a fixture after a corrected result reads and writes (SQL only). */

/** Every distinct selection on the fixture with its outcome now. */
export const fixtureSelections = (
  executor: Executor,
  fixtureId: string,
): Promise<Array<{ market_id: string; market: MarketSpec; selection: string; outcome: Outcome | null }>> =>
  executor.query(
    `select distinct on (market_id, selection) market_id, market, selection, outcome from sb_legs
     where fixture_id = $1`,
    [fixtureId],
  );

/** Gives the selections their corrected outcomes, on every slip. */
export const redecideLegs = async (
  executor: Executor,
  fixtureId: string,
  outcomes: ReadonlyArray<{ marketId: string; selection: string; outcome: Outcome }>,
): Promise<void> => {
  if (outcomes.length === 0) return;
  await executor.query(
    `update sb_legs l set outcome = x.outcome
     from json_to_recordset($2::json) as x(market_id text, selection text, outcome text)
     where l.fixture_id = $1 and l.market_id = x.market_id and l.selection = x.selection`,
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

/** A settled slip (won, lost, partly lost) as resettlement needs it. */
export type SettledSlip = {
  id: bigint;
  roundRef: string;
  player: string;
  currency: string;
  vendorCode: string;
  gameCode: string;
  kind: string;
  stakePerLine: bigint;
  /** Paid by partial cash-outs, which stand. */
  cashedOut: bigint;
  status: SlipStatusCode;
  totalReturn: bigint;
  betUuid: string;
  /**
   * The win that settled it (or its last resettlement; a partial cash-out's win leaves the round open): the one a
   * correction takes back.
   */
  closingWinUuid: string;
  legs: Array<{ fixtureId: string; odds: MilliOdds; outcome: Outcome | null }>;
};

/**
 * Slips with a leg on the fixture, settled by a win (won, lost, partly lost: a void slip's stake is back with the
 * player and a cash-out stands whatever the result), after `afterId`, `limit` of them in id order.
 */
export const settledSlipsOn = async (
  executor: Executor,
  fixtureId: string,
  afterId: bigint,
  limit: number,
): Promise<SettledSlip[]> => {
  const rows = await executor.query<{
    id: string | bigint;
    round_ref: string;
    player: string;
    currency: string;
    vendor_code: string;
    game_code: string;
    kind: string;
    stake_per_line: string | bigint;
    cashed_out: string | bigint;
    status: SlipStatusCode;
    total_return: string | bigint;
    bet_uuid: string;
    closing_win_uuid: string | null;
    legs: Array<{ fixture_id: string; odds: number; outcome: Outcome | null }>;
  }>(
    `select s.id, s.round_ref, s.player, s.currency, s.vendor_code, s.game_code, s.kind, s.stake_per_line, s.cashed_out, s.status,
       s.total_return,
       (select b.transaction_uuid from sb_wallet_calls b where b.slip_id = s.id and b.method = 'transaction/bet')
         as bet_uuid,
       (select w.transaction_uuid from sb_wallet_calls w
        where w.slip_id = s.id and w.method = 'transaction/win' and (w.body::jsonb ->> 'round_closed') = 'true'
        order by w.id desc limit 1)
         as closing_win_uuid,
       (select json_agg(json_build_object('fixture_id', l.fixture_id, 'odds', l.odds, 'outcome', l.outcome)
          order by l.leg)
        from sb_legs l where l.slip_id = s.id) as legs
     from sb_slips s
     where s.id in (select slip_id from sb_legs where fixture_id = $1 and slip_id > $2)
       and s.status in ('won', 'lost', 'partly_lost')
     order by s.id limit $3`,
    [fixtureId, afterId.toString(), limit],
  );
  return rows.map((row) => ({
    id: BigInt(row.id),
    roundRef: row.round_ref,
    player: row.player,
    currency: row.currency,
    vendorCode: row.vendor_code,
    gameCode: row.game_code,
    kind: row.kind,
    stakePerLine: BigInt(row.stake_per_line),
    cashedOut: BigInt(row.cashed_out),
    status: row.status,
    totalReturn: BigInt(row.total_return),
    betUuid: row.bet_uuid,
    closingWinUuid: row.closing_win_uuid ?? '',
    legs: row.legs.map((leg) => ({ fixtureId: leg.fixture_id, odds: leg.odds, outcome: leg.outcome })),
  }));
};

/** Moves a settled slip to its corrected settlement, only if it is still as it was read. */
export const resettleSlip = async (
  executor: Executor,
  slip: Pick<SettledSlip, 'id' | 'status' | 'totalReturn'>,
  corrected: { status: SlipStatusCode; totalReturn: bigint },
): Promise<boolean> =>
  (
    await executor.query(
      `update sb_slips set status = $4, total_return = $5, settled_at = now()
       where id = $1 and status = $2 and total_return = $3 returning id`,
      [
        slip.id.toString(),
        slip.status,
        slip.totalReturn.toString(),
        corrected.status,
        corrected.totalReturn.toString(),
      ],
    )
  ).length > 0;

/** Fixtures whose latest result has not yet been carried through to their settled slips (after a stop). */
export const fixturesToResettle = (executor: Executor): Promise<Array<{ id: string; result: unknown }>> =>
  executor.query(
    `select id, result from sb_fixtures where result is not null and settled_result_version < result_version`,
  );

/**
 * The fixture's result as it is now has been carried through to every slip (settlements of one fixture run one at
 * a time, so no newer result can have arrived meanwhile).
 */
export const markResettled = async (executor: Executor, fixtureId: string): Promise<void> => {
  await executor.query(`update sb_fixtures set settled_result_version = result_version where id = $1`, [
    fixtureId,
  ]);
};
