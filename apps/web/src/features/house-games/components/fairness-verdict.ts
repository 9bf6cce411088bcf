/**
 * A verification's readable verdict: the recomputed result of each game kind reduced to headline values
 * (the slot's reel stops, the crash point, the lottery's numbers per station …), each set beside the recorded
 * one when the link carried it, and one verdict for the whole: match, mismatch, or nothing recorded to
 * compare with.
 */

/** One headline value of a result, as text both sides are compared by. */
export type ResultField = {
  key: string;
  /** Known fields have a label of their own; any other is shown by its name. */
  label: FieldLabel;
  value: string;
  isBoolean: boolean;
};

export type FieldLabel =
  { kind: 'known'; key: KnownField } | { kind: 'station'; station: string } | { kind: 'other'; name: string };

export const knownFields = [
  'stops',
  'free_spin_stops',
  'line_bet_units',
  'win_minor_units',
  'jackpot_hit',
  'crash_point',
  'links_to_previous',
  'digest',
  'next_hash',
  'numbers',
  'balls',
] as const;
export type KnownField = (typeof knownFields)[number];

/** The result's own names of the known fields. */
const knownByName: Readonly<Record<string, KnownField>> = {
  stops: 'stops',
  freeSpinStops: 'free_spin_stops',
  lineBetUnits: 'line_bet_units',
  winMinorUnits: 'win_minor_units',
  jackpotHit: 'jackpot_hit',
  crashPoint: 'crash_point',
  linksToPrevious: 'links_to_previous',
  digest: 'digest',
  nextHashInChain: 'next_hash',
  numbers: 'numbers',
  balls: 'balls',
};

export type RowVerdict = 'match' | 'mismatch' | 'not_recorded';
export type VerdictRow = {
  key: string;
  label: FieldLabel;
  isBoolean: boolean;
  recomputed: string | null;
  recorded: string | null;
  verdict: RowVerdict;
};
export type Verdict = 'match' | 'mismatch' | 'hash_only' | 'unchecked';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Any value as plain text: lists separated by spaces, named parts as `name: value`. */
export const plainText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(plainText).join(' ');
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([name, part]) => `${name}: ${plainText(part)}`)
      .join(' · ');
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return '';
};

const fieldOf = (name: string, value: unknown): ResultField[] => {
  if (value === null || value === undefined) return [];
  const known = knownByName[name];
  const label: FieldLabel = known ? { kind: 'known', key: known } : { kind: 'other', name };
  const text = name === 'crashPoint' ? `${plainText(value)}×` : plainText(value);
  return [{ key: name, label, value: text, isBoolean: typeof value === 'boolean' }];
};

/** The slot: the paid spin's stops, each free spin's stops, the win and the jackpot draw. */
const slotFields = (result: Record<string, unknown>): ResultField[] => {
  const stopsOf = (spin: unknown): unknown => (isRecord(spin) ? spin.stops : undefined);
  const freeSpins = Array.isArray(result.freeSpins) ? result.freeSpins : undefined;
  return [
    ...fieldOf('stops', stopsOf(result.base)),
    ...fieldOf(
      'freeSpinStops',
      freeSpins === undefined ? undefined : freeSpins.map((spin) => plainText(stopsOf(spin))).join(' | '),
    ),
    ...fieldOf('lineBetUnits', result.lineBetUnits),
    ...fieldOf('winMinorUnits', result.winMinorUnits),
    ...fieldOf('jackpotHit', result.jackpotHit),
  ];
};

/** Any other kind (crash, lottery …): each top-level value; a lottery's stations one row per station. */
const genericFields = (result: Record<string, unknown>): ResultField[] =>
  Object.entries(result).flatMap(([name, value]) =>
    name === 'stations' && isRecord(value)
      ? Object.entries(value).map(([station, numbers]) => ({
          key: `stations.${station}`,
          label: { kind: 'station', station } as const,
          value: plainText(numbers),
          isBoolean: false,
        }))
      : fieldOf(name, value),
  );

export const resultFields = (game: string, result: Record<string, unknown>): ResultField[] =>
  game === 'slot' ? slotFields(result) : genericFields(result);

/** The recorded result a link carried (`recorded`, JSON in the verifier's shape), or null. */
export const parseRecorded = (text: string | null): Record<string, unknown> | null => {
  if (text === null || text === '') return null;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
};

/** Each recomputed value beside the recorded one; a recorded value the recomputation lacks is a mismatch. */
export const compareResults = (
  game: string,
  recomputed: Record<string, unknown>,
  recorded: Record<string, unknown> | null,
): VerdictRow[] => {
  const ours = resultFields(game, recomputed);
  const theirs = new Map(recorded === null ? [] : resultFields(game, recorded).map((f) => [f.key, f]));
  const rows: VerdictRow[] = ours.map((field) => {
    const other = theirs.get(field.key);
    theirs.delete(field.key);
    return {
      key: field.key,
      label: field.label,
      isBoolean: field.isBoolean,
      recomputed: field.value,
      recorded: other?.value ?? null,
      verdict: other === undefined ? 'not_recorded' : other.value === field.value ? 'match' : 'mismatch',
    };
  });
  for (const field of theirs.values()) {
    rows.push({
      key: field.key,
      label: field.label,
      isBoolean: field.isBoolean,
      recomputed: null,
      recorded: field.value,
      verdict: 'mismatch',
    });
  }
  return rows;
};

/** The whole verification: any difference (or a seed that does not hash to the shown hash) is a mismatch. */
export const overallVerdict = (rows: readonly VerdictRow[], hashMatches: boolean | null): Verdict => {
  if (hashMatches === false || rows.some((row) => row.verdict === 'mismatch')) return 'mismatch';
  if (rows.some((row) => row.verdict === 'match')) return 'match';
  return hashMatches === true ? 'hash_only' : 'unchecked';
};
