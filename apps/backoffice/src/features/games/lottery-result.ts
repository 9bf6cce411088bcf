import { type VnRegion, vnLotsOf } from '@wps/contracts/vn-lottery-rules';
import type { AdminDraw, AdminLotteryGame } from './api';

/**
 * Results as the operator types them (numbers separated by spaces or commas) and as the server takes them
 * (the draw's `result` shape per kind); the server checks the result against the game and the draw.
 */

const tokensOf = (text: string): string[] => text.split(/[\s,;]+/).filter((token) => token !== '');

/** The number of SEA 4D winning numbers: first, second, third, 10 special, 10 consolation. */
export const sea4dNumbers = 23;

/** What one field of the form asks for, in words. */
export const resultHint = (game: AdminLotteryGame): string => {
  switch (game.kind) {
    case 'speed':
      return `${game.balls ?? 0} balls, each 0 to 9, in drawing order`;
    case 'pool':
      return `${game.balls ?? 0} different numbers from 1 to ${game.poolSize ?? 0}`;
    case 'race':
      return `the ${game.balls ?? 0} cars from first to last`;
    case 'sea4d':
      return `${sea4dNumbers} four-digit numbers: first, second, third, 10 special, then 10 consolation`;
    case 'vn':
      return vnHint(game.region ?? 'south');
  }
};

/** The lots of a VN station's draw in results order: "18 numbers: special 6 digits, first 5, …". */
const vnHint = (region: VnRegion): string => {
  const lots = vnLotsOf(region);
  const groups: Array<{ label: string; count: number }> = [];
  for (const lot of lots) {
    const label = `${lot.prize} (${lot.digits} digits)`;
    const last = groups.at(-1);
    if (last?.label === label) last.count += 1;
    else groups.push({ label, count: 1 });
  }
  const described = groups.map(({ label, count }) => (count > 1 ? `${count}× ${label}` : label));
  return `${lots.length} numbers: ${described.join(', ')}`;
};

/**
 * The typed fields as the draw's result: `main` for every kind but VN, one text per station code for VN.
 * Numbers keep their leading zeros where they are digit strings (VN lots, 4D numbers).
 */
export const resultOf = (
  game: AdminLotteryGame,
  fields: { main: string; stations: Record<string, string> },
): Record<string, unknown> => {
  switch (game.kind) {
    case 'speed':
      return { balls: tokensOf(fields.main).map(Number) };
    case 'pool':
      return {
        numbers: tokensOf(fields.main)
          .map(Number)
          .sort((a, b) => a - b),
      };
    case 'race':
      return { order: tokensOf(fields.main).map(Number) };
    case 'sea4d':
      return { numbers: tokensOf(fields.main) };
    case 'vn':
      return {
        stations: Object.fromEntries(
          Object.entries(fields.stations).map(([code, text]) => [code, tokensOf(text)]),
        ),
      };
  }
};

const listOf = (value: unknown): string =>
  Array.isArray(value) ? value.map((item) => String(item)).join(' ') : '';

/** A draw's result in one line: the numbers drawn, or each VN station's special prize. */
export const resultSummary = (draw: AdminDraw): string => {
  const { result } = draw;
  if (result === null) return '—';
  if (typeof result.stations === 'object' && result.stations !== null) {
    return Object.entries(result.stations as Record<string, unknown>)
      .map(([code, lots]) => `${code} ${Array.isArray(lots) ? String(lots[0]) : ''}`)
      .join(' · ');
  }
  return listOf(result.balls ?? result.numbers ?? result.order);
};
