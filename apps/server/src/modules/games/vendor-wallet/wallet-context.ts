import type { KeyObject } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { BetBatch } from '../vendor-wallet.bet-batch';
import type { WalletSessionRow } from '../vendor-wallet.repository';
import type { VendorWalletDependencies } from '../vendor-wallet.service';

export type VendorEntry = {
  id: bigint;
  code: string;
  isUsable: boolean;
  publicKey: KeyObject | undefined;
};

export type GameEntry = { id: bigint; gameType: string; isEnabled: boolean };

export type Member = {
  id: bigint;
  brandId: bigint;
  status: string;
  /** In a time-out or a self-exclusion (player protection): bets and balance calls answer USER_DISABLED. */
  isExcluded: boolean;
};

/** Who the call is about, once known: the answer carries their currency and balance. */
export type Party = { member: Member; currency: string; exponent: number };

/** Vendors and games are read through a short cache: an operator's change is seen within this time. */
const catalogueTtlMs = 5_000;

/** What the wallet calls read again and again, kept per service instance. */
export type WalletCaches = {
  vendors: LRUCache<string, VendorEntry>;
  gameEntries: LRUCache<string, GameEntry>;
  currencies: LRUCache<string, string>;
  sessions: LRUCache<string, WalletSessionRow>;
  knownMembers: LRUCache<string, Member>;
};

export const createWalletCaches = (): WalletCaches => ({
  vendors: new LRUCache<string, VendorEntry>({ max: 1_000, ttl: catalogueTtlMs }),
  gameEntries: new LRUCache<string, GameEntry>({ max: 50_000, ttl: catalogueTtlMs }),
  currencies: new LRUCache<string, string>({ max: 10_000, ttl: 60_000 }),
  sessions: new LRUCache<string, WalletSessionRow>({ max: 100_000, ttl: 60_000 }),
  knownMembers: new LRUCache<string, Member>({ max: 100_000, ttl: 2_000 }),
});

/**
 * What every wallet call works with: the service's dependencies and the state that the service creates once
 * (its bet batch and its caches), so each service instance has its own.
 */
export type WalletCallContext = Omit<VendorWalletDependencies, 'groupCommit' | 'now'> & {
  now: () => Date;
  /** Writes open-round bets, together with those that arrive meanwhile (vendor-wallet.bet-batch.ts). */
  bets: BetBatch;
  caches: WalletCaches;
};
