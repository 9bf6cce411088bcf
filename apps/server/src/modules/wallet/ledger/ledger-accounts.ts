import { LRUCache } from 'lru-cache';
import type { Executor } from '../../../db/database';
import * as repository from '../ledger.repository';
import type { AccountRow } from '../ledger.repository';
import { LedgerError } from '../wallet.errors';
import { type AccountKind, accountKindRules } from './account-kinds';
import { getCurrencyExponent } from './currencies';
import { withDatabaseErrors } from './ledger-errors';
import type { LedgerAccount, LedgerCaches, LedgerContext } from './ledger-types';

export type LedgerAccountDependencies = Pick<LedgerContext, 'db' | 'caches'>;

export type AccountOwner = {
  brandId: bigint;
  kind: AccountKind;
  currency: string;
  memberId: bigint | null;
  scope: string;
};

/**
 * One set per service instance. Accounts and exponents never change (triggers refuse it), so what is cached
 * is never stale.
 */
export const createLedgerCaches = (): LedgerCaches => ({
  accountsById: new LRUCache<bigint, LedgerAccount>({ max: 100_000 }),
  accountIdsByOwner: new LRUCache<string, bigint>({ max: 100_000 }),
  exponents: new Map<string, number>(),
});

const toLedgerAccount = (row: AccountRow): LedgerAccount => ({
  id: row.id,
  brandId: row.brandId,
  kind: row.kind,
  currency: row.currency,
  memberId: row.memberId,
  scope: row.scope,
  mayGoNegative: row.mayGoNegative,
  shardCount: row.shardCount,
});

const ownerKey = (brandId: bigint, kind: string, currency: string, memberId: bigint | null, scope: string) =>
  `${brandId}:${kind}:${currency}:${memberId ?? ''}:${scope}`;

/**
 * Caches what was read outside any caller's transaction only: an account created inside one that then
 * rolls back must not outlive it here.
 */
const remember = (
  { db, caches }: LedgerAccountDependencies,
  account: LedgerAccount,
  executor: Executor,
): LedgerAccount => {
  if (executor !== db) return account;
  caches.accountsById.set(account.id, account);
  caches.accountIdsByOwner.set(
    ownerKey(account.brandId, account.kind, account.currency, account.memberId, account.scope),
    account.id,
  );
  return account;
};

export const findAccount = async (
  deps: LedgerAccountDependencies,
  accountId: bigint,
  executor: Executor = deps.db,
): Promise<LedgerAccount | undefined> => {
  const cached = deps.caches.accountsById.get(accountId);
  if (cached) return cached;
  const row = await repository.findAccountById(executor, accountId);
  return row ? remember(deps, toLedgerAccount(row), executor) : undefined;
};

/**
 * Reads the accounts the cache lacks in one query, outside any transaction (committed accounts only, so they
 * may be cached), before a large batch of postings that would otherwise read them one by one.
 */
export const preloadAccounts = async (
  deps: LedgerAccountDependencies,
  accountIds: Iterable<bigint>,
): Promise<void> => {
  const missing = [...new Set(accountIds)].filter((id) => !deps.caches.accountsById.has(id));
  for (let start = 0; start < missing.length; start += 10_000) {
    const rows = await repository.findAccountsByIds(deps.db, missing.slice(start, start + 10_000));
    for (const row of rows) remember(deps, toLedgerAccount(row), deps.db);
  }
};

/** An account of the brand; one of another brand is answered as not found, like one that does not exist. */
export const resolveAccount = async (
  deps: LedgerAccountDependencies,
  brandId: bigint,
  accountId: bigint,
  executor: Executor,
): Promise<LedgerAccount> => {
  const account = await findAccount(deps, accountId, executor);
  if (!account || account.brandId !== brandId) {
    throw new LedgerError('account_not_found', `Ledger account ${accountId} does not exist`);
  }
  return account;
};

export const ensureAccount = async (
  deps: LedgerAccountDependencies,
  owner: AccountOwner,
  executor: Executor,
): Promise<LedgerAccount> => {
  const key = ownerKey(owner.brandId, owner.kind, owner.currency, owner.memberId, owner.scope);
  const cachedId = deps.caches.accountIdsByOwner.get(key);
  const cached = cachedId === undefined ? undefined : deps.caches.accountsById.get(cachedId);
  if (cached) return cached;
  await getCurrencyExponent(deps, owner.currency, executor);
  const rules = accountKindRules[owner.kind];
  const row =
    (await repository.findAccountByOwner(executor, owner)) ??
    (await withDatabaseErrors(() =>
      repository.insertAccount(executor, {
        ...owner,
        mayGoNegative: rules.mayGoNegative,
        shardCount: rules.shardCount,
      }),
    )) ??
    // Created by a concurrent call between our look-up and our insert.
    (await repository.findAccountByOwner(executor, owner));
  if (!row) throw new Error(`Ledger account ${key} could neither be found nor created`);
  return remember(deps, toLedgerAccount(row), executor);
};
