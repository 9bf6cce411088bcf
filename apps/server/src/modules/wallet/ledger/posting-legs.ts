import { createHash } from 'node:crypto';
import type { Executor } from '../../../db/database';
import type { PostedEntry, ShardedLeg } from '../ledger.repository';
import { LedgerError } from '../wallet.errors';
import { type LedgerAccountDependencies, resolveAccount } from './ledger-accounts';
import type { LedgerAccount, LedgerLeg, PostingEntry } from './ledger-types';
import { checkAmount, maxLegs } from './request-checks';

/** The same key always picks the same shard, so a replay touches nothing new. */
const pickShard = (idempotencyKey: string, shardCount: number): number =>
  shardCount === 1 ? 0 : createHash('sha256').update(idempotencyKey).digest().readUInt32BE(0) % shardCount;

/** Checks a posting before it reaches the database, and picks each leg's shard. */
export const resolveLegs = async (
  deps: LedgerAccountDependencies,
  brandId: bigint,
  idempotencyKey: string,
  legs: readonly LedgerLeg[],
  executor: Executor,
): Promise<{ legs: ShardedLeg[]; accounts: Map<bigint, LedgerAccount> }> => {
  if (legs.length < 2 || legs.length > maxLegs) {
    throw new LedgerError('invalid_request', `A posting has 2 to ${maxLegs} legs`);
  }
  const accounts = new Map<bigint, LedgerAccount>();
  const totals = new Map<string, bigint>();
  for (const leg of legs) {
    checkAmount(leg.amount);
    if (accounts.has(leg.accountId)) {
      throw new LedgerError('invalid_request', 'An account may appear in only one leg of a posting');
    }
    const account = await resolveAccount(deps, brandId, leg.accountId, executor);
    accounts.set(account.id, account);
    totals.set(account.currency, (totals.get(account.currency) ?? 0n) + leg.amount);
  }
  for (const [currency, total] of totals) {
    if (total !== 0n) {
      throw new LedgerError('unbalanced', `The legs do not sum to zero in ${currency} (${total})`);
    }
  }
  const sharded = legs.map((leg) => {
    const account = accounts.get(leg.accountId);
    return {
      accountId: leg.accountId,
      shard: pickShard(idempotencyKey, account?.shardCount ?? 1),
      amount: leg.amount,
    };
  });
  // The order the balance rows are locked in; the SQL sorts too, this keeps entry ids in the same order.
  sharded.sort((a, b) =>
    a.accountId === b.accountId ? a.shard - b.shard : a.accountId < b.accountId ? -1 : 1,
  );
  return { legs: sharded, accounts };
};

export const toPostingEntries = (
  entries: PostedEntry[],
  accounts: Map<bigint, LedgerAccount>,
): PostingEntry[] =>
  entries.map((entry) => ({
    accountId: entry.accountId,
    amount: entry.amount,
    balanceAfter: (accounts.get(entry.accountId)?.shardCount ?? 1) === 1 ? entry.balanceAfter : null,
  }));
