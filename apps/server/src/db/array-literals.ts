/**
 * PostgreSQL array literals, passed as ONE parameter (`${numberArray(ids)}::bigint[]`), so a statement over many
 * rows keeps one text (and one prepared plan) whatever their number.
 */

/** Integers (bigint or number): nothing to quote. */
export const numberArray = (values: ReadonlyArray<bigint | number>): string => `{${values.join(',')}}`;

/** Texts, each quoted with `"` and `\` escaped; null is written as NULL. */
export const textArray = (values: ReadonlyArray<string | null>): string =>
  `{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
