import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatOdds } from '../../src/pricing/odds-formats';
import type { FixtureView, MarketView } from './api';
import { describeSelection, describeSelectionBriefly, describeSelectionInFull } from './labels';
import { useOddsFormat, useSlip } from './slip-state';

type PriceMove = 'up' | 'down';

/** A padlock drawn in the text colour (emoji fonts are not on every device). */
export const LockIcon = () => (
  <svg className="lock" data-testid="lock" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
    <path
      fill="currentColor"
      d="M5 7V5a3 3 0 0 1 6 0v2h1a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h1Zm1.5 0h3V5a1.5 1.5 0 0 0-3 0v2Z"
    />
  </svg>
);

// Long enough to be noticed, short enough that the next move (at most one a second a fixture) reads as new.
const flashMilliseconds = 2000;

/** Which way the price last moved, for the ~2 s after it moved. */
const usePriceMove = (odds: number): PriceMove | null => {
  const [move, setMove] = useState<PriceMove | null>(null);
  const previous = useRef(odds);
  useEffect(() => {
    if (odds === previous.current) return;
    setMove(odds > previous.current ? 'up' : 'down');
    previous.current = odds;
    const timer = window.setTimeout(() => {
      setMove(null);
    }, flashMilliseconds);
    return () => {
      window.clearTimeout(timer);
    };
  }, [odds]);
  return move;
};

type OddsButtonProps = {
  fixture: Pick<FixtureView, 'id' | 'home' | 'away'>;
  market: MarketView;
  selection: MarketView['selections'][number];
  /** In a fixture row: 1 / X / 2 and bare lines, the column's heading names the market. */
  isBrief?: boolean;
  /** An outright's selection: its competitor's name and the league's season it wins. */
  outright?: { competitor: string; event: string };
};

/** A price: adds its selection to the slip (or takes it off), flashes when it moves, locks when suspended. */
export const OddsButton = ({ fixture, market, selection, isBrief = false, outright }: OddsButtonProps) => {
  const { t } = useTranslation();
  const oddsFormat = useOddsFormat();
  const { legs, dispatch } = useSlip();
  const move = usePriceMove(selection.odds);
  const teams = { home: fixture.home, away: fixture.away };
  const isOpen = market.status === 'open' && selection.odds > 1000;
  const isSelected = legs.some((leg) => leg.marketId === market.id && leg.selection === selection.key);
  const shortLabel = outright
    ? outright.competitor
    : (isBrief ? describeSelectionBriefly : describeSelection)(market, selection.key, teams, t);
  const fullLabel = outright
    ? t('aria.outright_selection', outright)
    : describeSelectionInFull(market, selection.key, teams, t);
  const price = isOpen ? formatOdds(selection.odds, oddsFormat) : null;
  const moveText = move ? `, ${t(`aria.${move}`)}` : '';
  return (
    <button
      type="button"
      className={['odds', move ? `odds--${move}` : '', isSelected ? 'odds--selected' : ''].join(' ').trim()}
      data-testid={`odds-${market.id}-${selection.key}`}
      aria-pressed={isSelected}
      aria-label={
        price === null
          ? t('aria.suspended', { selection: fullLabel })
          : `${t('aria.at_odds', { selection: fullLabel, odds: price })}${moveText}`
      }
      disabled={!isOpen}
      onClick={() => {
        dispatch({
          type: 'toggle',
          leg: {
            fixtureId: fixture.id,
            teams,
            marketId: market.id,
            market: { kind: market.kind, line: market.line, map: market.map, round: market.round },
            selection: selection.key,
            odds: selection.odds,
            ...(outright ? { outright } : {}),
          },
        });
      }}
    >
      <span className="odds__label">{shortLabel}</span>
      <span className="odds__price">
        {price ?? <LockIcon />}
        {move && price !== null && (
          <span className="odds__arrow" aria-hidden="true">
            {move === 'up' ? '▲' : '▼'}
          </span>
        )}
      </span>
    </button>
  );
};
