import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';

/** A cell a spreadsheet would run as a formula: it starts with = + - @, a tab or a carriage return. */
const formulaStart = /^[=+\-@\t\r]/;

/** Free text (a channel code, a game's or vendor's name) made inert: an apostrophe before a formula start. */
export const inertText = (text: string): string => (formulaStart.test(text) ? `'${text}` : text);

/**
 * Rows as CSV (RFC 4180 quoting by csv-stringify, a byte order mark so spreadsheets read UTF-8). The `textColumns`
 * hold text others chose and are made inert (`inertText`); the rest are figures the server wrote (a negative GGR
 * stays a number a spreadsheet can add up, which csv-stringify's own formula escaping would turn into text).
 */
export const streamCsv = <Column extends string>(
  columns: readonly Column[],
  textColumns: readonly Column[],
  rows: Iterable<Record<Column, string>>,
): Readable => {
  const csv = stringify({ header: true, columns: [...columns], bom: true });
  const inert = function* () {
    for (const row of rows) {
      const copy = { ...row };
      for (const column of textColumns) copy[column] = inertText(copy[column]);
      yield copy;
    }
  };
  pipeline(Readable.from(inert()), csv).catch((error: unknown) => {
    csv.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return csv;
};
