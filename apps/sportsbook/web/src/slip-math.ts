import type { MilliOdds } from '../../src/domain';
import { combineOdds } from '../../src/slip/odds-math';
import { lineCount, linesOf, type SlipKind } from '../../src/slip/slip-kinds';

/** A stake typed by the player in cents: "10", "2.5", "2.50"; null when it is not an amount or is zero. */
export const parseStake = (text: string): bigint | null => {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  return cents > 0n ? cents : null;
};

export const formatCents = (cents: bigint): string =>
  `${(cents / 100n).toString()}.${(cents % 100n).toString().padStart(2, '0')}`;

/** The server's amount ("12.5" or "12.50") in cents, for sums the page shows. */
export const centsOf = (amount: string): bigint => parseStake(amount) ?? 0n;

/** Stake × the legs' odds, floored to the cent: exactly what the book would pay if every leg wins. */
export const potentialReturn = (stakeCents: bigint, odds: readonly MilliOdds[]): bigint =>
  (stakeCents * combineOdds(odds)) / 1000n ** BigInt(odds.length);

/** The systems a slip of `legCount` legs can be, with the `kind` the server takes. */
const systemsByLegCount: Record<number, ReadonlyArray<{ kind: string; slipKind: SlipKind }>> = {
  3: [
    { kind: 'system:2/3', slipKind: { type: 'system', legs: 3, sizes: [2] } },
    { kind: 'trixie', slipKind: { type: 'named_system', name: 'trixie' } },
    { kind: 'patent', slipKind: { type: 'named_system', name: 'patent' } },
  ],
  4: [
    { kind: 'yankee', slipKind: { type: 'named_system', name: 'yankee' } },
    { kind: 'lucky15', slipKind: { type: 'named_system', name: 'lucky15' } },
    { kind: 'system:2/4', slipKind: { type: 'system', legs: 4, sizes: [2] } },
    { kind: 'system:3/4', slipKind: { type: 'system', legs: 4, sizes: [3] } },
  ],
  5: [{ kind: 'canadian', slipKind: { type: 'named_system', name: 'canadian' } }],
  6: [{ kind: 'heinz', slipKind: { type: 'named_system', name: 'heinz' } }],
};

export type SystemOption = { kind: string; slipKind: SlipKind; lines: number };

export const systemOptionsFor = (legCount: number): SystemOption[] =>
  (systemsByLegCount[legCount] ?? []).map((option) => ({
    ...option,
    lines: lineCount(option.slipKind, legCount),
  }));

/** What a system returns when every leg wins: the sum of its lines' returns. */
export const maximumSystemReturn = (
  stakePerLine: bigint,
  slipKind: SlipKind,
  odds: readonly MilliOdds[],
): bigint => linesOf(slipKind, odds).reduce((sum, line) => sum + potentialReturn(stakePerLine, line), 0n);
