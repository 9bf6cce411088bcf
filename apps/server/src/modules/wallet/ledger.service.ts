import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import type { CashEntryQuery, PostingBatchCtes, PostingCtes } from './ledger.repository';
import { listAccountEntries } from './ledger/account-entries';
import type { MemberAccountKind, SystemAccountKind } from './ledger/account-kinds';
import { getBalance } from './ledger/balances';
import { getCurrencyExponent } from './ledger/currencies';
import { findHold, postHold, reserveHold, voidHold } from './ledger/holds';
import { createLedgerCaches, ensureAccount, findAccount, preloadAccounts } from './ledger/ledger-accounts';
import type {
  EntryPage,
  LedgerCallOptions,
  LedgerContext,
  LedgerServiceDependencies,
  PostHoldRequest,
  PostingRequest,
  ReserveRequest,
  SettleHoldRequest,
} from './ledger/ledger-types';
import { listMemberCashEntries } from './ledger/member-cash-entries';
import { postBatch } from './ledger/post-batch';
import { postTransaction } from './ledger/post-transaction';
import { postBatchWithin, postWithin } from './ledger/post-within';

export { accountBalanceSql, postingBatchCteColumns, postingCteColumns } from './ledger.repository';
export type { PostingBatchCtes, PostingCtes } from './ledger.repository';
export { accountKindRules } from './ledger/account-kinds';
export { maxLegs } from './ledger/request-checks';
export type { AccountKind, MemberAccountKind, SystemAccountKind } from './ledger/account-kinds';
export type {
  AccountEntry,
  EntryPage,
  HoldResult,
  LedgerAccount,
  LedgerCallOptions,
  LedgerLeg,
  LedgerServiceDependencies,
  LedgerStep,
  PostHoldRequest,
  PostingCteReads,
  PostingEntry,
  PostingRequest,
  PostingResult,
  ReserveRequest,
  SettleHoldRequest,
  SettleResult,
} from './ledger/ledger-types';

/**
 * The one service through which every domain moves money. Each movement is a ledger transaction of
 * balanced entries, written with its idempotency key and its balance changes in one database transaction.
 *
 * The use cases live in ./ledger/, one file each; this creates the instance's one set of caches and binds
 * them. Every method calls its use case directly (no extra await, no allocation per posting).
 */
export const createLedgerService = ({ db, afterStatement }: LedgerServiceDependencies) => {
  const context: LedgerContext = { db, afterStatement, caches: createLedgerCaches() };

  return {
    post: (request: PostingRequest, options: LedgerCallOptions = {}) =>
      postTransaction(context, request, options),
    postBatch: (brandId: bigint, requests: readonly PostingRequest[], options: LedgerCallOptions = {}) =>
      postBatch(context, brandId, requests, options),
    postWithin: <T>(
      request: PostingRequest,
      reference: SQL | undefined,
      statement: (ctes: PostingCtes) => Promise<T>,
    ) => postWithin(context, request, reference, statement),
    postBatchWithin: <T>(
      requests: readonly PostingRequest[],
      references: SQL | undefined,
      statement: (ctes: PostingBatchCtes) => Promise<T>,
    ) => postBatchWithin(context, requests, references, statement),
    reserve: (request: ReserveRequest, options: LedgerCallOptions = {}) =>
      reserveHold(context, request, options),
    /** Settles a hold to its destination (a withdrawal paid out: the payment clearing account). */
    postHold: (request: PostHoldRequest, options: LedgerCallOptions = {}) =>
      postHold(context, request, options),
    /** Returns a hold to the account it was reserved from. */
    voidHold: (request: SettleHoldRequest, options: LedgerCallOptions = {}) =>
      voidHold(context, request, options),

    /** The balance in minor units: the sum of the account's shards. */
    getBalance: (accountId: bigint, options: LedgerCallOptions = {}) =>
      getBalance(context, accountId, options),

    getAccount: (accountId: bigint) => findAccount(context, accountId),

    /**
     * Reads accounts into the instance's cache in one query (outside any transaction), before a batch of
     * postings to many members (a daily rebate) that would otherwise read them one at a time.
     */
    preloadAccounts: (accountIds: Iterable<bigint>) => preloadAccounts(context, accountIds),

    /** Inside a transaction pass it: on the embedded PGlite (one connection) a read outside it would wait forever. */
    getCurrencyExponent: (code: string, executor?: Executor) => getCurrencyExponent(context, code, executor),

    getHold: (holdId: bigint) => findHold(context, holdId),

    ensureMemberAccount: (
      brandId: bigint,
      memberId: bigint,
      currency: string,
      kind: MemberAccountKind = 'member_cash',
      options: LedgerCallOptions & { scope?: string } = {},
    ) =>
      ensureAccount(
        context,
        { brandId, kind, currency, memberId, scope: options.scope ?? '' },
        options.executor ?? db,
      ),

    /** A brand's account of a system kind; `scope` narrows it, e.g. one provider clearing per provider. */
    ensureSystemAccount: (
      brandId: bigint,
      kind: SystemAccountKind,
      currency: string,
      scope = '',
      options: LedgerCallOptions = {},
    ) => ensureAccount(context, { brandId, kind, currency, memberId: null, scope }, options.executor ?? db),

    /**
     * A member's main-wallet entries in [from, to] (days of `timeZone`), newest first, paged by offset, with
     * their number (the agent centre's view of a downline member's transactions).
     */
    listMemberCashEntries: (query: CashEntryQuery) => listMemberCashEntries(context, query),

    /** Newest first; pass the last entry id of a page as `beforeEntryId` for the next one. */
    listEntries: (accountId: bigint, page: EntryPage = {}) => listAccountEntries(context, accountId, page),
  };
};

export type LedgerService = ReturnType<typeof createLedgerService>;
