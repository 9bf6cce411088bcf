import { describe, expect, it } from 'vitest';
import { beadPlate, bigRoad, type RoadCoup } from './roads';

const coups = (text: string): RoadCoup[] =>
  Array.from(text, (letter): RoadCoup => ({
    outcome: letter === 'P' ? 'player' : letter === 'B' ? 'banker' : 'tie',
  }));

const cellsOf = (text: string) =>
  bigRoad(coups(text)).map((cell) => [cell.column, cell.row, cell.winner[0], cell.ties]);

describe('baccarat roads', () => {
  it('fills the bead plate in columns of six, ties included', () => {
    expect(beadPlate(coups('PBTPPBB')).map((cell) => [cell.column, cell.row])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [0, 5],
      [1, 0],
    ]);
  });

  it('opens a column per run, marks ties on the cell before, leading ties on the first cell', () => {
    expect(cellsOf('TPPTBP')).toEqual([
      [0, 0, 'p', 1],
      [0, 1, 'p', 1],
      [1, 0, 'b', 0],
      [2, 0, 'p', 0],
    ]);
  });

  it('turns a run longer than six right along its last row (dragon tail)', () => {
    expect(cellsOf('BBBBBBBBP')).toEqual([
      [0, 0, 'b', 0],
      [0, 1, 'b', 0],
      [0, 2, 'b', 0],
      [0, 3, 'b', 0],
      [0, 4, 'b', 0],
      [0, 5, 'b', 0],
      [1, 5, 'b', 0],
      [2, 5, 'b', 0],
      [1, 0, 'p', 0],
    ]);
  });

  it('turns right early when the cell below is taken by an earlier tail', () => {
    // Banker ×8 tails along row 5 to column 2; the player run in column 1 meets it at row 5 and turns.
    expect(cellsOf('BBBBBBBBPPPPPPP').slice(8)).toEqual([
      [1, 0, 'p', 0],
      [1, 1, 'p', 0],
      [1, 2, 'p', 0],
      [1, 3, 'p', 0],
      [1, 4, 'p', 0],
      [2, 4, 'p', 0],
      [3, 4, 'p', 0],
    ]);
  });
});
