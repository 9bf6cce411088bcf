import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { auditCsvColumns } from '@wps/contracts/audit';
import { stringify } from 'csv-stringify';
import type { Executor } from '../../db/database';
import { type AuditEventFilter, type AuditEventRow, listEventsBefore } from './audit.repository';

/** Rows read per query while exporting. */
const exportBatchSize = 500;

type CsvRecord = Record<(typeof auditCsvColumns)[number], string>;

const jsonCell = (value: unknown): string =>
  value === null || value === undefined ? '' : JSON.stringify(value);

export const toCsvRecord = (row: AuditEventRow): CsvRecord => ({
  id: row.id.toString(),
  chain_seq: row.chainSeq?.toString() ?? '',
  created_at: row.createdAt.toISOString(),
  actor_type: row.actorType,
  actor_id: row.actorId,
  actor_ip: row.actorIp ?? '',
  user_agent: row.userAgent ?? '',
  action: row.action,
  entity_type: row.entityType,
  entity_id: row.entityId,
  before: jsonCell(row.before),
  after: jsonCell(row.after),
  prev_hash: row.prevHash ?? '',
  hash: row.hash ?? '',
});

/** The filtered events, newest first, one batch in memory at a time. */
async function* readEvents(executor: Executor, filter: AuditEventFilter): AsyncGenerator<CsvRecord> {
  let beforeId: bigint | undefined;
  for (;;) {
    const rows = await listEventsBefore(executor, filter, beforeId, exportBatchSize);
    for (const row of rows) yield toCsvRecord(row);
    const last = rows.at(-1);
    if (!last || rows.length < exportBatchSize) return;
    beforeId = last.id;
  }
}

/**
 * The filtered events as CSV (RFC 4180 quoting by csv-stringify, a byte order mark so spreadsheets read UTF-8),
 * streamed: the rows are read in batches as the client takes them. A cell starting with = + - @ (free text such as
 * a reason or a user agent is the actor's to choose) gets an apostrophe, so a spreadsheet never runs it as a
 * formula. A failed read ends the stream with its error.
 */
export const streamAuditCsv = (executor: Executor, filter: AuditEventFilter): Readable => {
  const csv = stringify({
    header: true,
    columns: [...auditCsvColumns],
    bom: true,
    escape_formulas: true,
  });
  pipeline(Readable.from(readEvents(executor, filter)), csv).catch((error: unknown) => {
    csv.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return csv;
};
