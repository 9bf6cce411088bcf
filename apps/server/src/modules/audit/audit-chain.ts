import { createHash } from 'node:crypto';
import type { AuditChainVerification } from '@wps/contracts/audit';
import type { Executor } from '../../db/database';
import { type ChainedAuditRow, findChainHead, findFirstUnsealed, listChainAfter } from './audit.repository';

/** The `prev_hash` of the chain's first row. */
export const genesisHash = '0'.repeat(64);

/** Null as '-', anything else as its UTF-8 byte length, ':' and itself: no field can pass for another. */
const canonicalField = (value: string | null): string =>
  value === null ? '-' : `${Buffer.byteLength(value, 'utf8').toString()}:${value}`;

/**
 * The form of a row that its hash covers, built here independently of the database's trigger (drizzle/
 * 0054_audit_hash_chain.sql, `audit_event_hash`), which must give the same text.
 */
export const canonicalAuditRow = (row: Omit<ChainedAuditRow, 'hash'>): string =>
  [
    'audit-v1',
    ...[
      row.chainSeq,
      row.id,
      row.createdAt,
      row.actorType,
      row.actorId,
      row.actorIp,
      row.userAgent,
      row.action,
      row.entityType,
      row.entityId,
      row.before,
      row.after,
      row.prevHash,
    ].map(canonicalField),
  ].join('|');

export const hashAuditRow = (row: Omit<ChainedAuditRow, 'hash'>): string =>
  createHash('sha256').update(canonicalAuditRow(row), 'utf8').digest('hex');

export type VerifyAuditChainOptions = {
  /** Rows read per query; memory stays at one batch whatever the chain's length. */
  batchSize?: number;
  now?: () => Date;
};

type Break = NonNullable<AuditChainVerification['broken']>;

/** What is wrong with `row`, taken as the chain's place `expectedSeq` after a row hashed `previousHash`. */
const checkRow = (
  row: ChainedAuditRow,
  expectedSeq: bigint,
  previousHash: string,
): Break['reason'] | null => {
  if (BigInt(row.chainSeq) !== expectedSeq) return 'sequence_gap';
  if (row.prevHash !== previousHash) return 'prev_hash_mismatch';
  if (row.hash !== hashAuditRow(row)) return 'hash_mismatch';
  return null;
};

/**
 * Walks the whole chain in place order, in batches (one query each, no long transaction; constant memory), and
 * answers the first broken place: a row whose fields no longer give its hash (changed), whose prev_hash is not
 * its predecessor's hash, or which follows a gap (rows removed); then a chain shorter than the head the database
 * recorded (rows removed from the end) or whose last row is not that head; then a row never sealed (written with
 * the triggers off). Rows sealed while the walk runs are checked too: places become visible in order, since each
 * is given under the head's lock after the one before it committed.
 */
export const verifyAuditChain = async (
  executor: Executor,
  { batchSize = 1_000, now = () => new Date() }: VerifyAuditChainOptions = {},
): Promise<AuditChainVerification> => {
  const head = await findChainHead(executor);
  let checkedRows = 0;
  let lastSeq = 0n;
  let previousHash = genesisHash;
  const answer = (broken: Break | null): AuditChainVerification => ({
    isIntact: broken === null,
    checkedRows,
    lastSeq: lastSeq === 0n ? null : lastSeq.toString(),
    broken,
    checkedAt: now().toISOString(),
  });

  for (;;) {
    const rows = await listChainAfter(executor, lastSeq, batchSize);
    for (const row of rows) {
      const reason = checkRow(row, lastSeq + 1n, previousHash);
      if (reason) return answer({ id: row.id, chainSeq: row.chainSeq, reason });
      lastSeq += 1n;
      checkedRows += 1;
      previousHash = row.hash ?? '';
      if (head && lastSeq === head.lastSeq && row.hash !== head.lastHash) {
        return answer({ id: row.id, chainSeq: row.chainSeq, reason: 'head_mismatch' });
      }
    }
    if (rows.length < batchSize) break;
  }
  if (head && lastSeq < head.lastSeq) {
    return answer({ id: null, chainSeq: (lastSeq + 1n).toString(), reason: 'missing_tail' });
  }
  const unsealed = await findFirstUnsealed(executor);
  if (unsealed !== null) return answer({ id: unsealed.toString(), chainSeq: null, reason: 'unsealed' });
  return answer(null);
};
