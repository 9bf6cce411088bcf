import type { MarketSpec, Outcome } from '../domain';
import type { Executor } from '../store/store';
import type { SettlingSlip, SlipStatusCode } from './slips.repository';

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

/** Moves a settled slip to its corrected settlement, only if it is still as it was read. */
export const resettleSlip = async (
  executor: Executor,
  slip: Pick<SettlingSlip, 'id' | 'status' | 'totalReturn'>,
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
