import type { Executor } from '../../../db/database';
import * as repository from '../ledger.repository';
import { LedgerError } from '../wallet.errors';
import { findAccount, type LedgerAccountDependencies } from './ledger-accounts';
import { withDatabaseErrors } from './ledger-errors';
import type {
  CheckedPosting,
  LedgerAccount,
  LedgerCallOptions,
  PostingRequest,
  PostingResult,
} from './ledger-types';
import { resolveLegs, toPostingEntries } from './posting-legs';
import { checkPosting } from './request-checks';

export type PostTransactionDependencies = LedgerAccountDependencies;

/** The original result of a key already used, if the request is the same one; else a conflict. */
export const replay = async (
  deps: PostTransactionDependencies,
  brandId: bigint,
  idempotencyKey: string,
  requestHash: string,
  executor: Executor,
): Promise<PostingResult> => {
  const original = await repository.findTransactionByKey(executor, brandId, idempotencyKey);
  if (!original) {
    throw new Error(`Ledger key ${idempotencyKey} conflicted but no transaction carries it`);
  }
  if (original.requestHash !== requestHash) {
    throw new LedgerError(
      'idempotency_conflict',
      'This idempotency key was already used for a different request',
    );
  }
  const entries = await repository.listTransactionEntries(executor, original.id);
  const accounts = new Map<bigint, LedgerAccount>();
  for (const entry of entries) {
    const account = await findAccount(deps, entry.accountId, executor);
    if (account) accounts.set(account.id, account);
  }
  return { transactionId: original.id, isReplay: true, entries: toPostingEntries(entries, accounts) };
};

/** Writes one checked posting (or answers its replay), its legs sharded by `shardKey`. */
export const writePosting = async (
  deps: PostTransactionDependencies,
  executor: Executor,
  posting: CheckedPosting,
  shardKey: string = posting.idempotencyKey,
): Promise<PostingResult> => {
  const { legs, accounts } = await resolveLegs(deps, posting.brandId, shardKey, posting.legs, executor);
  const written = await withDatabaseErrors(() => repository.insertPosting(executor, { ...posting, legs }));
  const [first] = written;
  if (!first) return replay(deps, posting.brandId, posting.idempotencyKey, posting.requestHash, executor);
  return {
    transactionId: first.transactionId,
    isReplay: false,
    entries: toPostingEntries(written, accounts),
  };
};

/**
 * One ledger transaction of balanced entries, written with its idempotency key and its balance changes in one
 * database transaction; the same key with the same request answers the original result.
 */
export const postTransaction = async (
  deps: PostTransactionDependencies,
  request: PostingRequest,
  options: LedgerCallOptions = {},
): Promise<PostingResult> =>
  writePosting(deps, options.executor ?? deps.db, checkPosting(request), request.shardKey);
