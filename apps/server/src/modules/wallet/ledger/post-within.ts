import type { SQL } from 'drizzle-orm';
import * as repository from '../ledger.repository';
import type { PostingBatchCtes, PostingCtes } from '../ledger.repository';
import { withDatabaseErrors } from './ledger-errors';
import type { PostingRequest } from './ledger-types';
import { checkBatch, type PostBatchDependencies } from './post-batch';
import { resolveLegs } from './posting-legs';
import { checkPosting } from './request-checks';

export type PostWithinDependencies = PostBatchDependencies;

/**
 * A posting written inside the caller's own statement, for a hot path that wants its rows and the money in
 * one round trip: `statement` receives the posting as common table expressions (the relations it may read
 * and their columns are `postingCteColumns`) and runs the statement. The whole statement
 * fails on any refusal, which comes back as a LedgerError: insufficient_funds, or idempotency_conflict for
 * a key used before (by this very request too: the caller answers a repeat from its own rows). `reference`
 * is written instead of the request's (an SQL expression over the caller's CTEs); the hash covers the rest.
 */
export const postWithin = async <T>(
  deps: PostWithinDependencies,
  request: PostingRequest,
  reference: SQL | undefined,
  statement: (ctes: PostingCtes) => Promise<T>,
): Promise<T> => {
  const posting = checkPosting(request);
  const { legs } = await resolveLegs(
    deps,
    posting.brandId,
    request.shardKey ?? posting.idempotencyKey,
    posting.legs,
    deps.db,
  );
  const ctes = repository.postingCtes(
    { ...posting, legs },
    { onKeyConflict: 'raise', ...(reference ? { reference } : {}) },
  );
  return withDatabaseErrors(() => statement(ctes));
};

/**
 * Many postings written inside the caller's own statement (`postWithin` for a batch): `statement` receives
 * them as common table expressions (readable as `postingBatchCteColumns`); `references` is a relation of
 * the caller's CTEs (ordinal, reference) whose reference replaces a posting's. Any refusal fails the whole
 * statement (a key used before, or a balance that would end below zero) and comes back as a LedgerError.
 */
export const postBatchWithin = async <T>(
  deps: PostWithinDependencies,
  requests: readonly PostingRequest[],
  references: SQL | undefined,
  statement: (ctes: PostingBatchCtes) => Promise<T>,
): Promise<T> => {
  const postings = await checkBatch(deps, requests, deps.db);
  const ctes = repository.postingBatchCtes(postings, {
    onKeyConflict: 'raise',
    ...(references ? { references } : {}),
  });
  return withDatabaseErrors(() => statement(ctes));
};
