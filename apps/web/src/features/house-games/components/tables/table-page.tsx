import { useQueryClient } from '@tanstack/react-query';
import { fairnessPagePath } from '@wps/contracts/house-games-rules';
import type { TFunction } from 'i18next';
import { type JSX, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Money } from '../../../../components/money';
import { useRequestId } from '../../../../lib/use-request-id';
import { translateApiError } from '../../../../lib/translate-message';
import { useBalance } from '../../../wallet/api/get-balance';
import { refreshWalletQueries } from '../../../wallet/api/query-keys';
import { playSound } from '../../sound/game-sound';
import { SoundToggle } from '../../sound/sound-toggle';
import { useSoundOnChange } from '../../sound/use-sound-on-change';
import { ChipArt } from '../chip-art';
import {
  type TableGame,
  type TableRound,
  type TableState,
  type TableSummary,
  tablesQueryKeys,
  useMyTableBets,
  usePlaceTableBets,
  useTableState,
  useTables,
} from '../../api/tables-queries';
import {
  BaccaratBoard,
  BaccaratHistory,
  BaccaratStage,
  baccaratOutcomeText,
  baccaratWinning,
} from './baccarat-table';
import {
  DragonTigerBoard,
  DragonTigerHistory,
  DragonTigerStage,
  dragonTigerOutcomeText,
  dragonTigerWinning,
} from './dragon-tiger-table';
import {
  RouletteBoard,
  RouletteHistory,
  RouletteStakes,
  RouletteWheel,
  rouletteOutcomeText,
  rouletteWinning,
} from './roulette-table';
import { type SpotView, type StageProps, revealedSteps } from './table-board';
import {
  type Slip,
  chipFace,
  chipValues,
  doubled,
  emptySlip,
  lastRoundSlip,
  limitBroken,
  formatMinor,
  minorToDecimal,
  placedOn,
  roundOutcome,
  slipBets,
  slipTotal,
  withChip,
} from './table-slip';
import { prefersReducedMotion, useServerNow } from './use-server-now';
import './tables.css';

type Result = NonNullable<TableRound['result']>;

const gameViews: Readonly<
  Record<
    TableGame,
    {
      Stage: (props: StageProps) => JSX.Element;
      winning: (result: Result) => Set<string>;
      outcomeText: (t: TFunction, result: Result) => string;
    }
  >
> = {
  BACCARAT: { Stage: BaccaratStage, winning: baccaratWinning, outcomeText: baccaratOutcomeText },
  DRAGON_TIGER: { Stage: DragonTigerStage, winning: dragonTigerWinning, outcomeText: dragonTigerOutcomeText },
  ROULETTE: { Stage: RouletteWheel, winning: rouletteWinning, outcomeText: rouletteOutcomeText },
};

/** Where the round stands, by the server's clock: the countdown while bets are open. */
function PhaseLine({
  game,
  round,
  serverNow,
}: {
  game: TableGame;
  round: TableRound | null;
  serverNow: number;
}) {
  const { t } = useTranslation();
  if (round === null) {
    return (
      <p className="table-phase" data-testid="table-phase">
        {t('house_tables.waiting')}
      </p>
    );
  }
  const msLeft = Date.parse(round.closesAt) - serverNow;
  const text =
    round.phase === 'BETTING'
      ? msLeft > 0
        ? t('house_tables.closes_in', { seconds: Math.ceil(msLeft / 1000) })
        : t('house_tables.closed')
      : round.phase === 'DEALING'
        ? game === 'ROULETTE'
          ? t('house_tables.spinning')
          : t('house_tables.dealing')
        : t('house_tables.settled');
  return (
    <p className="table-phase" data-testid="table-phase" data-phase={round.phase}>
      <span data-testid="table-round" data-round-id={round.roundId}>
        {t('house_tables.round', { number: round.number })}
      </span>{' '}
      <strong
        data-testid="table-countdown"
        data-seconds={round.phase === 'BETTING' ? Math.max(0, Math.ceil(msLeft / 1000)) : 0}
      >
        {text}
      </strong>
    </p>
  );
}

/** The last settled round: the result, the player's winnings on it and where to verify it. */
function RoundResult({
  game,
  round,
  winnings,
}: {
  game: TableGame;
  round: TableRound;
  winnings: ReturnType<typeof roundOutcome>;
}) {
  const { t } = useTranslation();
  if (round.result === null) return null;
  const net = winnings.returned - winnings.staked;
  return (
    <section
      className="table-result"
      aria-live="polite"
      data-testid="table-result"
      data-round-id={round.roundId}
      data-outcome={round.result.outcome ?? String(round.result.pocket ?? '')}
    >
      <h2>{t('house_tables.result', { number: round.number })}</h2>
      <p className="table-result__outcome" data-testid="table-outcome">
        {gameViews[game].outcomeText(t, round.result)}
      </p>
      {winnings.hasBets && (
        <p className="table-result__winnings" data-testid="table-winnings" data-net={minorToDecimal(net)}>
          {!winnings.isSettled
            ? t('house_tables.winnings_pending')
            : net > 0n
              ? t('house_tables.winnings_won', {
                  amount: formatMinor(winnings.returned),
                  staked: formatMinor(winnings.staked),
                })
              : winnings.returned === winnings.staked
                ? t('house_tables.winnings_returned', { amount: formatMinor(winnings.returned) })
                : winnings.returned > 0n
                  ? t('house_tables.winnings_part', {
                      amount: formatMinor(winnings.returned),
                      staked: formatMinor(winnings.staked),
                    })
                  : t('house_tables.winnings_lost', { staked: formatMinor(winnings.staked) })}
        </p>
      )}
      <p className="muted">
        <Link
          to={`${fairnessPagePath}?${new URLSearchParams({ tableRound: round.roundId }).toString()}`}
          data-testid="table-verify-link"
        >
          {t('house_tables.verify')}
        </Link>
        {game === 'BACCARAT' && <> · {t('house_tables.verify_baccarat_note')}</>}
      </p>
    </section>
  );
}

function History({ game, history }: { game: TableGame; history: TableState['history'] }) {
  if (game === 'BACCARAT') return <BaccaratHistory history={history} />;
  if (game === 'ROULETTE') return <RouletteHistory history={history} />;
  return <DragonTigerHistory history={history} />;
}

/**
 * One table, live: the drawn table, the spots with everyone's stakes and the player's chips, the slip
 * (chips, clear, rebet, double, confirm as one request), the countdown by the server's clock, the result and
 * the player's winnings, and the table's history.
 */
function TableView({ game, table }: { game: TableGame; table: TableSummary }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const live = useTableState(table.tableId);
  const myBets = useMyTableBets(table.tableId);
  const place = usePlaceTableBets();
  const { requestIdFor, settle } = useRequestId();
  const [isReducedMotion] = useState(prefersReducedMotion);
  const [draft, setDraft] = useState<{ roundId: string | null; slip: Slip }>({
    roundId: null,
    slip: emptySlip,
  });
  const [chosenChip, setChosenChip] = useState<bigint | null>(null);
  const [notice, setNotice] = useState<'spot_max' | 'round_max' | null>(null);
  const [lastSettled, setLastSettled] = useState<TableRound | null>(null);

  const state = live?.state ?? null;
  const round = state?.round ?? null;
  const isRoundLive = round?.phase === 'BETTING' || round?.phase === 'DEALING';
  const serverNow = useServerNow(live?.clockOffsetMs ?? 0, isRoundLive, 250);
  const isOpen = round?.phase === 'BETTING' && serverNow < Date.parse(round.closesAt);
  const roundId = round?.roundId ?? null;
  const slip = draft.roundId === roundId ? draft.slip : emptySlip;
  const bets = myBets.data ?? [];
  const placed = placedOn(bets, roundId);
  const rebetSlip = lastRoundSlip(bets, roundId);
  const limits = state?.limits ?? table;
  const chips = chipValues(limits);
  const chip = chosenChip !== null && chips.includes(chosenChip) ? chosenChip : (chips[0] ?? 0n);

  if (round?.phase === 'SETTLED' && round.result !== null && lastSettled?.roundId !== round.roundId) {
    setLastSettled(round);
  }

  // A new round or phase: the player's bets and balance may have moved (bets settled, a new round to bet on).
  const roundKey = `${roundId ?? ''}:${round?.phase ?? ''}`;
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: tablesQueryKeys.myBets(table.tableId) });
    void refreshWalletQueries(queryClient);
  }, [roundKey, queryClient, table.tableId]);

  const changeSlip = (next: Slip) => {
    const broken = limitBroken(next, placed, limits);
    setNotice(broken);
    if (broken !== null) return;
    place.reset();
    setDraft({ roundId, slip: next });
  };

  const confirm = () => {
    if (roundId === null || slip.size === 0) return;
    const body = { tableId: table.tableId, roundId, bets: slipBets(slip) };
    place.mutate(
      { ...body, requestId: requestIdFor(body) },
      {
        onSuccess: () => {
          settle();
          setDraft({ roundId, slip: emptySlip });
        },
      },
    );
  };

  const totals = new Map((state?.totals.spots ?? []).map((spot) => [spot.spot, spot]));
  const spotView = (spot: string): SpotView => ({
    pending: slip.get(spot) ?? 0n,
    placed: placed.get(spot) ?? 0n,
    total: BigInt(totals.get(spot)?.amount ?? '0'),
    players: totals.get(spot)?.players ?? 0,
  });
  const stakesLabel = (view: SpotView) =>
    t('house_tables.spot_total', { amount: formatMinor(view.total), players: view.players });
  const shownResult = round?.phase === 'SETTLED' ? round : lastSettled;
  const winning =
    round?.phase === 'SETTLED' && round.result !== null
      ? gameViews[game].winning(round.result)
      : new Set<string>();
  const boardProps = {
    spotView,
    isOpen,
    winning,
    onSpot: (spot: string) => {
      playSound('chip');
      changeSlip(withChip(slip, spot, chip));
    },
  };
  const dealt = revealedSteps(round, serverNow).length;
  useSoundOnChange(
    round && dealt > 0 ? `${round.roundId}:${dealt}` : null,
    game === 'ROULETTE' ? 'hit' : 'card',
  );
  const settled = shownResult ? roundOutcome(bets, shownResult.roundId) : null;
  useSoundOnChange(
    shownResult && settled?.hasBets && settled.isSettled ? shownResult.roundId : null,
    settled && settled.returned > settled.staked ? 'win' : 'lose',
  );
  const tableStaked = (state?.totals.spots ?? []).reduce((sum, spot) => sum + BigInt(spot.amount), 0n);
  const { Stage } = gameViews[game];

  if (!state) {
    return (
      <p className="muted" role="status">
        {t('house_tables.loading')}
      </p>
    );
  }
  return (
    <>
      <section
        className="table-stage"
        data-testid="table-stage"
        data-motion={isReducedMotion ? 'reduced' : 'full'}
      >
        <Stage
          round={round}
          serverNow={serverNow}
          clockOffsetMs={live?.clockOffsetMs ?? 0}
          isReducedMotion={isReducedMotion}
        />
        <PhaseLine game={game} round={round} serverNow={serverNow} />
        <p className="table-live muted">
          <span data-testid="table-players">
            {t('house_tables.players', { players: state.totals.players })}
          </span>
          {' · '}
          <span data-testid="table-total-staked">
            {t('house_tables.total_staked', { amount: formatMinor(tableStaked) })}
          </span>
        </p>
      </section>

      {game === 'ROULETTE' ? (
        <RouletteBoard {...boardProps} />
      ) : game === 'BACCARAT' ? (
        <BaccaratBoard {...boardProps} stakesLabel={stakesLabel} />
      ) : (
        <DragonTigerBoard {...boardProps} stakesLabel={stakesLabel} />
      )}

      <section className="table-slip" aria-label={t('house_tables.chips')}>
        <div
          className="table-chips"
          role="radiogroup"
          aria-label={t('house_tables.chips')}
          data-testid="table-chips"
        >
          {chips.map((value) => (
            <button
              key={value.toString()}
              type="button"
              role="radio"
              aria-checked={value === chip}
              aria-label={t('house_tables.chip', { value: formatMinor(value) })}
              className={`table-chip${value === chip ? ' table-chip--chosen' : ''}`}
              onClick={() => {
                setChosenChip(value);
              }}
              data-testid={`table-chip-${minorToDecimal(value)}`}
            >
              <ChipArt label={chipFace(value)} />
            </button>
          ))}
        </div>
        <div className="table-actions">
          <button
            type="button"
            className="button"
            disabled={slip.size === 0}
            onClick={() => {
              setNotice(null);
              setDraft({ roundId, slip: emptySlip });
            }}
            data-testid="table-clear"
          >
            {t('house_tables.clear')}
          </button>
          <button
            type="button"
            className="button"
            disabled={!isOpen || rebetSlip.size === 0}
            onClick={() => {
              changeSlip(rebetSlip);
            }}
            data-testid="table-rebet"
          >
            {t('house_tables.rebet')}
          </button>
          <button
            type="button"
            className="button"
            disabled={!isOpen || slip.size === 0}
            onClick={() => {
              changeSlip(doubled(slip));
            }}
            data-testid="table-double"
          >
            {t('house_tables.double')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!isOpen || slip.size === 0 || place.isPending}
            onClick={confirm}
            data-testid="table-confirm"
          >
            {t('house_tables.confirm', { amount: formatMinor(slipTotal(slip)) })}
          </button>
        </div>
        {placed.size > 0 && (
          <p data-testid="table-placed">
            {t('house_tables.placed', { amount: formatMinor(slipTotal(placed)) })}
          </p>
        )}
        {notice !== null && (
          <p role="status" className="table-notice" data-testid="table-notice">
            {notice === 'spot_max'
              ? t('house_tables.spot_max', { max: formatMinor(limits.maxStake) })
              : t('house_tables.round_max', { max: formatMinor(limits.maxPerRound) })}
          </p>
        )}
        {place.error && (
          <p role="alert" className="table-error" data-testid="table-error">
            {translateApiError(t, place.error)}
          </p>
        )}
      </section>

      {game === 'ROULETTE' && <RouletteStakes spots={state.totals.spots} />}
      {shownResult !== null && (
        <RoundResult game={game} round={shownResult} winnings={roundOutcome(bets, shownResult.roundId)} />
      )}

      <section className="table-history" aria-labelledby="table-history-title">
        <h2 id="table-history-title">{t('house_tables.history')}</h2>
        <History game={game} history={state.history} />
      </section>
    </>
  );
}

/**
 * The live tables of one game (baccarat, roulette, dragon tiger; route /house/<game>): the game's tables to
 * choose from (`?table=` keeps the choice), then the chosen table.
 */
export function TablePage({ game }: { game: TableGame }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const tables = useTables();
  const balance = useBalance();
  const gameTables = (tables.data ?? []).filter((table) => table.game === game);
  const table =
    gameTables.find((candidate) => candidate.tableId === searchParams.get('table')) ?? gameTables[0];

  return (
    <article className="page page--game table-page" data-testid="table-page" data-game={game}>
      <header className="table-page__header">
        <h1>{t(`house_tables.title.${game}`)}</h1>
        <SoundToggle />
        {balance.data && (
          <p>
            {t('house_tables.balance')}:{' '}
            <Money
              amount={balance.data.balance}
              symbol={balance.data.currencySymbol}
              testId="table-balance"
            />
          </p>
        )}
      </header>
      {tables.error && (
        <p role="alert" className="table-error">
          {translateApiError(t, tables.error)}
        </p>
      )}
      {tables.data && gameTables.length === 0 && <p className="muted">{t('house_tables.no_tables')}</p>}
      {gameTables.length > 0 && (
        <nav className="table-picker" aria-label={t('house_tables.tables')} data-testid="table-picker">
          {gameTables.map((candidate) => (
            <button
              key={candidate.tableId}
              type="button"
              className={`table-picker__option${candidate.tableId === table?.tableId ? ' table-picker__option--chosen' : ''}`}
              aria-pressed={candidate.tableId === table?.tableId}
              onClick={() => {
                setSearchParams({ table: candidate.tableId }, { replace: true });
              }}
              data-testid={`table-option-${candidate.tableId}`}
            >
              <span>{candidate.name}</span>
              <small>
                {t('house_tables.limits', {
                  min: formatMinor(candidate.minStake),
                  max: formatMinor(candidate.maxStake),
                })}
              </small>
            </button>
          ))}
        </nav>
      )}
      {table && <TableView key={table.tableId} game={game} table={table} />}
    </article>
  );
}
