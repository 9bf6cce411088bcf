import type { TFunction } from 'i18next';
import type { MarketKind, MarketSpec, SelectionKey } from '../../src/domain';

export type Teams = { home: string; away: string };

const minus = '\u2212';

/**
 * A line in quarters for the eye: 10 → "2.5", −1 → "−0.25"; `isSigned` adds "+" to positive handicaps.
 * Quarters divide exactly in binary floating point, so the division shows no rounding noise.
 */
export const formatLine = (quarters: number, isSigned: boolean): string => {
  const magnitude = String(Math.abs(quarters) / 4);
  if (quarters < 0) return `${minus}${magnitude}`;
  return isSigned && quarters > 0 ? `+${magnitude}` : magnitude;
};

export const describeMarket = (market: MarketSpec, t: TFunction): string => {
  switch (market.kind) {
    case 'map_winner':
      return t('market.map_winner', { map: market.map ?? 1 });
    case 'round_winner':
      return t('market.round_winner', { map: market.map ?? 1, round: market.round ?? 1 });
    default:
      return t(`market.${market.kind}`);
  }
};

/** A slip leg's selection: an outright's competitor by name, any other as `describeSelection` words it. */
export const describeLegSelection = (
  leg: { market: MarketSpec; selection: SelectionKey; teams: Teams; outright?: { competitor: string } },
  t: TFunction,
): string => leg.outright?.competitor ?? describeSelection(leg.market, leg.selection, leg.teams, t);

/** What a slip leg is on: "Match result · Arsenal v Chelsea", "Outright · Aldmoor Premier League · Season 2". */
export const describeLegEvent = (
  leg: { market: MarketSpec; teams: Teams; outright?: { event: string } },
  t: TFunction,
): string =>
  `${describeMarket(leg.market, t)} · ${
    leg.outright?.event ?? t('fixtures.versus', { home: leg.teams.home, away: leg.teams.away })
  }`;

/** The short text on an odds button: a team, "Draw", "Arsenal −0.25", "O 2.5", "2-1". */
export const describeSelection = (
  market: MarketSpec,
  selection: SelectionKey,
  teams: Teams,
  t: TFunction,
): string => {
  const line = market.line ?? 0;
  switch (selection) {
    case 'home':
      return market.kind === 'asian_handicap' ? `${teams.home} ${formatLine(line, true)}` : teams.home;
    case 'away':
      return market.kind === 'asian_handicap' ? `${teams.away} ${formatLine(-line, true)}` : teams.away;
    case 'over':
    case 'under':
      return t(`selection.${selection}`, { line: formatLine(line, false) });
    case 'draw':
    case 'yes':
    case 'no':
    case 'other':
      return t(`selection.${selection}`);
    default:
      return selection;
  }
};

const winnerKinds: readonly MarketKind[] = ['match_result', 'moneyline', 'map_winner'];

/** The shortest text for a fixture row's columns: 1 / X / 2 for winners, the line for handicaps and totals. */
export const describeSelectionBriefly = (
  market: MarketSpec,
  selection: SelectionKey,
  teams: Teams,
  t: TFunction,
): string => {
  const isWinnerSide = selection === 'home' || selection === 'draw' || selection === 'away';
  if (winnerKinds.includes(market.kind) && isWinnerSide) return t(`selection.${selection}_short`);
  if (market.kind === 'asian_handicap' && (selection === 'home' || selection === 'away')) {
    const line = market.line ?? 0;
    return formatLine(selection === 'home' ? line : -line, true);
  }
  return describeSelection(market, selection, teams, t);
};

/** What a screen reader says of a selection: "Arsenal to win", "Total: O 2.5". */
export const describeSelectionInFull = (
  market: MarketSpec,
  selection: SelectionKey,
  teams: Teams,
  t: TFunction,
): string => {
  const short = describeSelection(market, selection, teams, t);
  if (winnerKinds.includes(market.kind) && (selection === 'home' || selection === 'away')) {
    const team = t('aria.to_win', { team: short });
    return market.kind === 'map_winner' ? `${describeMarket(market, t)}: ${team}` : team;
  }
  return t('aria.market_selection', { market: describeMarket(market, t), selection: short });
};

/** The groups of a fixture's page, in the order a player looks for them. */
export const marketGroups = [
  { key: 'result', kinds: ['match_result', 'moneyline'] },
  { key: 'handicap', kinds: ['asian_handicap'] },
  { key: 'totals', kinds: ['total'] },
  { key: 'btts', kinds: ['btts'] },
  { key: 'correct_score', kinds: ['correct_score'] },
  { key: 'maps', kinds: ['map_winner'] },
  { key: 'rounds', kinds: ['round_winner'] },
  { key: 'outright', kinds: ['outright'] },
] as const satisfies ReadonlyArray<{ key: string; kinds: readonly MarketKind[] }>;

/** Groups holding the markets given, each market in its group's order, empty groups left out. */
export const groupMarkets = <Market extends MarketSpec>(
  markets: readonly Market[],
): Array<{ key: (typeof marketGroups)[number]['key']; markets: Market[] }> =>
  marketGroups
    .map((group) => ({
      key: group.key,
      markets: markets.filter((market) => (group.kinds as readonly MarketKind[]).includes(market.kind)),
    }))
    .filter((group) => group.markets.length > 0);
