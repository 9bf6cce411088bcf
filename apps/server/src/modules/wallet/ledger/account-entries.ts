import * as repository from '../ledger.repository';
import { LedgerError } from '../wallet.errors';
import type { AccountEntry, EntryPage, LedgerContext } from './ledger-types';

const defaultPageSize = 50;
const maxPageSize = 500;

/** Newest first; pass the last entry id of a page as `beforeEntryId` for the next one. */
export const listAccountEntries = async (
  { db }: Pick<LedgerContext, 'db'>,
  accountId: bigint,
  page: EntryPage = {},
): Promise<{ entries: AccountEntry[]; nextBeforeEntryId: bigint | null }> => {
  const limit = page.limit ?? defaultPageSize;
  if (!Number.isInteger(limit) || limit < 1 || limit > maxPageSize) {
    throw new LedgerError('invalid_request', `A page holds 1 to ${maxPageSize} entries`);
  }
  const rows = await repository.listAccountEntries(db, accountId, {
    limit,
    beforeEntryId: page.beforeEntryId,
  });
  const entries = rows.map(({ shard: _shard, ...entry }) => entry);
  const last = entries.at(-1);
  return { entries, nextBeforeEntryId: entries.length === limit && last ? last.entryId : null };
};
