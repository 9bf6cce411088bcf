import * as repository from '../ledger.repository';
import type { CashEntryQuery } from '../ledger.repository';
import type { LedgerContext } from './ledger-types';

/**
 * A member's main-wallet entries in [from, to] (days of `timeZone`), newest first, paged by offset, with
 * their number (the agent centre's view of a downline member's transactions).
 */
export const listMemberCashEntries = ({ db }: Pick<LedgerContext, 'db'>, query: CashEntryQuery) =>
  repository.listMemberCashEntries(db, query);
