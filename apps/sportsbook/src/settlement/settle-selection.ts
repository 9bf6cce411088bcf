import type {
  FixtureResult,
  MarketSpec,
  Outcome,
  OutrightResult,
  Score,
  SelectionKey,
  SettlementResult,
} from '../domain';

/** A selection that cannot belong to its market, or a market missing what it is about (line, map, round). */
export class InvalidSelectionError extends Error {
  override readonly name = 'InvalidSelectionError';
}

/**
 * Correct score offers every score with at most this many goals (sets, maps) a side; "other" wins on any score
 * beyond it. Pricing (pricing/models.ts) must offer exactly this grid, or "other" and a listed score could both win.
 */
export const correctScoreMaximumPerSide = 5;

type FinalResult = Extract<FixtureResult, { status: 'final' }>;
type Side = 'home' | 'away';

const sides: readonly SelectionKey[] = ['home', 'away'];
const selectionsByKind: Record<
  Exclude<MarketSpec['kind'], 'correct_score' | 'outright'>,
  readonly SelectionKey[]
> = {
  match_result: ['home', 'draw', 'away'],
  moneyline: sides,
  asian_handicap: sides,
  map_winner: sides,
  round_winner: sides,
  total: ['over', 'under'],
  btts: ['yes', 'no'],
};

/**
 * The outcome of `selection` in `market` given the fixture's result, or for an outright its OutrightResult
 * (`settleOutright`). A void result voids every selection; a drawn score pushes the two-way markets (moneyline,
 * and map_winner on a tied map); a map or round that was not played is void.
 */
export function settleSelection(
  market: MarketSpec,
  selection: SelectionKey,
  result: SettlementResult,
): Outcome {
  assertSelectionBelongs(market, selection);
  if (result.status === 'void') return 'void';
  if (market.kind === 'outright') {
    if ('winner' in result) return settleOutright(selection, result);
    throw new InvalidSelectionError('An outright settles on its OutrightResult, not on a fixture’s score.');
  }
  if ('winner' in result)
    throw new InvalidSelectionError(
      `A ${market.kind} market settles on its fixture’s result, not an outright’s.`,
    );
  return settleOnResult(market, selection, result);
}

/** An outright's outcome: the winning competitor wins, every other loses; a void outright voids all. */
export function settleOutright(selection: SelectionKey, result: OutrightResult): Outcome {
  if (result.status === 'void') return 'void';
  return winOrLose(selection === result.winner);
}

function settleOnResult(market: MarketSpec, selection: SelectionKey, result: FinalResult): Outcome {
  const { home, away } = result.score;
  switch (market.kind) {
    case 'match_result':
      return winOrLose(selection === winnerOf(result.score));
    case 'moneyline':
      return settleTwoWay(selection, result.score);
    case 'asian_handicap': {
      const line = lineOf(market);
      return settleAgainstLine(
        selection === 'home' ? 4 * (home - away) + line : 4 * (away - home) - line,
        line,
      );
    }
    case 'total': {
      const line = lineOf(market);
      const overMargin = 4 * (home + away) - line;
      return settleAgainstLine(selection === 'over' ? overMargin : -overMargin, line);
    }
    case 'btts':
      return winOrLose((home > 0 && away > 0) === (selection === 'yes'));
    case 'correct_score':
      return winOrLose(selection === correctScoreSelectionOf(result.score));
    case 'map_winner': {
      const mapScore = result.periods?.[positiveIntegerOf(market, 'map') - 1];
      return mapScore ? settleTwoWay(selection, mapScore) : 'void';
    }
    case 'round_winner': {
      const roundWinner: Side | undefined =
        result.rounds?.[positiveIntegerOf(market, 'map') - 1]?.[positiveIntegerOf(market, 'round') - 1];
      return roundWinner ? winOrLose(selection === roundWinner) : 'void';
    }
    case 'outright':
      throw new InvalidSelectionError('An outright settles on its OutrightResult.');
  }
}

/**
 * `margin`: by how many quarters the selection beats its line (positive wins). A quarter line puts half the
 * stake on each neighbouring line, a quarter either side, so its halves settle on margin − 1 and margin + 1.
 */
function settleAgainstLine(margin: number, line: number): Outcome {
  if (line % 2 === 0) return outcomeOfMargin(margin);
  const lowerHalf = outcomeOfMargin(margin - 1);
  const upperHalf = outcomeOfMargin(margin + 1);
  if (lowerHalf === upperHalf) return lowerHalf;
  // The halves' lines are half a goal apart, so one of them pushes: the other decides which half it is.
  return upperHalf === 'win' ? 'half_win' : 'half_lose';
}

const outcomeOfMargin = (margin: number): Outcome => (margin > 0 ? 'win' : margin < 0 ? 'lose' : 'push');

const winOrLose = (isWin: boolean): Outcome => (isWin ? 'win' : 'lose');

const winnerOf = ({ home, away }: Score): Side | 'draw' =>
  home > away ? 'home' : home < away ? 'away' : 'draw';

function settleTwoWay(selection: SelectionKey, score: Score): Outcome {
  const winner = winnerOf(score);
  return winner === 'draw' ? 'push' : winOrLose(selection === winner);
}

const isOnCorrectScoreGrid = ({ home, away }: Score): boolean =>
  home <= correctScoreMaximumPerSide && away <= correctScoreMaximumPerSide;

const correctScoreSelectionOf = (score: Score): SelectionKey =>
  isOnCorrectScoreGrid(score) ? `${score.home}-${score.away}` : 'other';

function assertSelectionBelongs(market: MarketSpec, selection: SelectionKey): void {
  if (market.kind === 'outright') {
    if (selection === '') throw new InvalidSelectionError('An outright selection is a competitor id.');
    return;
  }
  const isKnown =
    market.kind === 'correct_score'
      ? isCorrectScoreSelection(selection)
      : selectionsByKind[market.kind].includes(selection);
  if (!isKnown)
    throw new InvalidSelectionError(`"${selection}" is not a selection of a ${market.kind} market.`);
  if (market.kind === 'asian_handicap' || market.kind === 'total') lineOf(market);
  if (market.kind === 'map_winner' || market.kind === 'round_winner') positiveIntegerOf(market, 'map');
  if (market.kind === 'round_winner') positiveIntegerOf(market, 'round');
}

/** "other", or a score "h-a" on the grid written without leading zeros. */
function isCorrectScoreSelection(selection: SelectionKey): boolean {
  if (selection === 'other') return true;
  const match = /^(0|[1-9]\d*)-(0|[1-9]\d*)$/.exec(selection);
  return match !== null && isOnCorrectScoreGrid({ home: Number(match[1]), away: Number(match[2]) });
}

function lineOf(market: MarketSpec): number {
  const { line } = market;
  if (line === undefined || !Number.isSafeInteger(line)) {
    throw new InvalidSelectionError(`A ${market.kind} market needs its line as a whole number of quarters.`);
  }
  if (market.kind === 'total' && line < 0)
    throw new InvalidSelectionError('A total line cannot be negative.');
  return line;
}

function positiveIntegerOf(market: MarketSpec, field: 'map' | 'round'): number {
  const value = market[field];
  if (value === undefined || !Number.isSafeInteger(value) || value < 1) {
    throw new InvalidSelectionError(`A ${market.kind} market needs its ${field} (1 or more).`);
  }
  return value;
}
