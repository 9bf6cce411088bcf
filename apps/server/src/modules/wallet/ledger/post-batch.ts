import type { Executor } from '../../../db/database';
import * as repository from '../ledger.repository';
import { LedgerError } from '../wallet.errors';
import { withDatabaseErrors } from './ledger-errors';
import type { LedgerCallOptions, PostingRequest } from './ledger-types';
import { resolveLegs } from './posting-legs';
import { type PostTransactionDependencies, replay } from './post-transaction';
import { checkPosting } from './request-checks';

export type PostBatchDependencies = PostTransactionDependencies;

/** Checks each posting of a batch and picks its legs' shards; a key may appear once per batch. */
export const checkBatch = async (
  deps: PostBatchDependencies,
  requests: readonly PostingRequest[],
  executor: Executor,
): Promise<repository.NewPosting[]> => {
  const postings: repository.NewPosting[] = [];
  const seen = new Set<string>();
  for (const request of requests) {
    const posting = checkPosting(request);
    const key = `${posting.brandId}:${posting.idempotencyKey}`;
    if (seen.has(key)) throw new LedgerError('invalid_request', 'A key appears twice in one batch');
    seen.add(key);
    const { legs } = await resolveLegs(
      deps,
      posting.brandId,
      request.shardKey ?? posting.idempotencyKey,
      posting.legs,
      executor,
    );
    postings.push({ ...posting, legs });
  }
  return postings;
};

/**
 * Many postings of one brand in one statement (see `repository.insertPostingBatch`), for bulk payouts such
 * as a lottery draw's wins: each keeps its own idempotency key; a key used before by the same request is a
 * replay, by another request a conflict (the rest of the batch is still written). Balance rows are locked
 * in (account, shard) order within the one statement, so batches never deadlock with other postings; the
 * overdraft check sees final balances only, so debit only accounts that may go negative.
 */
export const postBatch = async (
  deps: PostBatchDependencies,
  brandId: bigint,
  requests: readonly PostingRequest[],
  options: LedgerCallOptions = {},
): Promise<Array<{ idempotencyKey: string; transactionId: bigint; isReplay: boolean }>> => {
  const executor = options.executor ?? deps.db;
  if (requests.some((request) => request.brandId !== brandId)) {
    throw new LedgerError('invalid_request', 'A batch is for one brand');
  }
  const postings = await checkBatch(deps, requests, executor);
  const written = new Map(
    (await withDatabaseErrors(() => repository.insertPostingBatch(executor, postings))).map((row) => [
      row.idempotencyKey,
      row.transactionId,
    ]),
  );
  const results: Array<{ idempotencyKey: string; transactionId: bigint; isReplay: boolean }> = [];
  for (const posting of postings) {
    const transactionId = written.get(posting.idempotencyKey);
    if (transactionId !== undefined) {
      results.push({ idempotencyKey: posting.idempotencyKey, transactionId, isReplay: false });
      continue;
    }
    const original = await replay(deps, brandId, posting.idempotencyKey, posting.requestHash, executor);
    results.push({
      idempotencyKey: posting.idempotencyKey,
      transactionId: original.transactionId,
      isReplay: true,
    });
  }
  return results;
};
