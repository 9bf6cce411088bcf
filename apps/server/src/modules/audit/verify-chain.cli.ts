import { pathToFileURL } from 'node:url';
import type { AuditChainVerification } from '@wps/contracts/audit';
import { loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/database';
import { verifyAuditChain } from './audit-chain';

/**
 * `npm run audit:verify [-- --json]`: walks the audit trail's hash chain in DATABASE_URL's database, or the
 * embedded one in DATA_DIR (stop the server first: the embedded database has one user at a time), the way the
 * server picks it. Reads only; it does not migrate. Exit code 0 when the chain holds, 1 with the first broken row
 * when it does not, 2 when the check could not run.
 */

export const describeVerification = (result: AuditChainVerification): string => {
  const { broken } = result;
  if (!broken) {
    return `audit chain intact: ${result.checkedRows.toString()} rows checked, last place ${result.lastSeq ?? 'none'}`;
  }
  if (broken.id === null) {
    return `audit chain BROKEN: rows missing from place ${broken.chainSeq ?? '?'} on (${broken.reason})`;
  }
  const place = broken.chainSeq === null ? 'no place' : `place ${broken.chainSeq}`;
  return `audit chain BROKEN at row id ${broken.id} (${place}): ${broken.reason}; ${result.checkedRows.toString()} rows before it hold`;
};

/** Checks the chain and writes the answer; answers the exit code. Exported so tests run it on a test database. */
export const runVerifyChain = async (
  db: Database,
  write: (line: string) => void,
  { json = false }: { json?: boolean } = {},
): Promise<number> => {
  const result = await verifyAuditChain(db);
  write(json ? JSON.stringify(result) : describeVerification(result));
  return result.isIntact ? 0 : 1;
};

/** A failure and what caused it (a failed query's driver error says why: no such database, no such table). */
const describeFailure = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const [headline = ''] = error.message.split('\n');
  return error.cause instanceof Error ? `${headline}: ${error.cause.message}` : error.message;
};

const main = async (): Promise<number> => {
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  try {
    return await runVerifyChain(database.db, (line) => process.stdout.write(`${line}\n`), {
      json: process.argv.includes('--json'),
    });
  } finally {
    await database.close();
  }
};

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`audit chain check failed to run: ${describeFailure(error)}\n`);
      process.exitCode = 2;
    },
  );
}
