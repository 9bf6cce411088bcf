/**
 * Baccarat's scoreboards, computed from the results in order (oldest first):
 * - the bead plate: every coup, ties included, filling columns of six top to bottom;
 * - the big road: a column per run of the same winner (player or banker) from the top row; a tie opens no
 *   cell, it is marked on the cell before it (ties before the first winner are marked on the first cell);
 *   a run longer than the column (six rows, or fewer when the cell below is taken) turns right along its
 *   last row (the dragon tail), and the next run still starts in the column after its run's first column.
 */

export type RoadOutcome = 'player' | 'banker' | 'tie';
export type RoadCoup = { outcome: RoadOutcome; playerPair?: boolean; bankerPair?: boolean };

export type BeadCell = { column: number; row: number; outcome: RoadOutcome };
export type BigRoadCell = {
  column: number;
  row: number;
  winner: 'player' | 'banker';
  ties: number;
  playerPair: boolean;
  bankerPair: boolean;
};

export const roadRows = 6;

export const beadPlate = (coups: readonly RoadCoup[]): BeadCell[] =>
  coups.map((coup, index) => ({
    column: Math.floor(index / roadRows),
    row: index % roadRows,
    outcome: coup.outcome,
  }));

export const bigRoad = (coups: readonly RoadCoup[]): BigRoadCell[] => {
  const cells: BigRoadCell[] = [];
  const taken = new Set<string>();
  const at = (column: number, row: number) => `${column}:${row}`;
  let leadingTies = 0;
  let runStart = -1;
  for (const coup of coups) {
    const last = cells[cells.length - 1];
    if (coup.outcome === 'tie') {
      if (last) last.ties += 1;
      else leadingTies += 1;
      continue;
    }
    let column: number;
    let row: number;
    if (!last || last.winner !== coup.outcome) {
      runStart += 1;
      column = runStart;
      row = 0;
      while (taken.has(at(column, row))) column += 1;
      runStart = column;
    } else if (
      last.row + 1 < roadRows &&
      !taken.has(at(last.column, last.row + 1)) &&
      last.column === runStartOf(cells, last)
    ) {
      column = last.column;
      row = last.row + 1;
    } else {
      column = last.column + 1;
      row = last.row;
    }
    taken.add(at(column, row));
    cells.push({
      column,
      row,
      winner: coup.outcome,
      ties: cells.length === 0 ? leadingTies : 0,
      playerPair: coup.playerPair === true,
      bankerPair: coup.bankerPair === true,
    });
  }
  return cells;
};

/** The column a cell's run started in: once a run has turned right it keeps going right. */
const runStartOf = (cells: readonly BigRoadCell[], last: BigRoadCell): number => {
  let start = last.column;
  for (let index = cells.length - 1; index >= 0; index -= 1) {
    const cell = cells[index];
    if (!cell || cell.winner !== last.winner) break;
    start = Math.min(start, cell.column);
    if (cell.row === 0) break;
  }
  return start;
};
