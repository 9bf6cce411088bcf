import type { Database } from '../../../db/database';
import type { LedgerService } from '../../wallet/ledger.service';
import type { WalletService } from '../../wallet/wallet.service';

export type BonusDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  now: () => Date;
};

/** Whose bonus: a member of a brand, in one currency. */
export type BonusOwner = { brandId: bigint; memberId: bigint; currency: string };

/** How a bonus must be wagered, in minor units. */
export type WageringTerms = {
  multiplier: number;
  base: 'bonus' | 'bonus_deposit';
  /** Percent per product line; a line not named counts 0. */
  contributions: Record<string, number>;
  /** 0: no limit. */
  maxStake: bigint;
  expiresInDays: number;
};

export type BonusGrant = BonusOwner & {
  amount: bigint;
  /** The deposit a match bonus came with (for a `bonus_deposit` base). */
  depositAmount?: bigint;
  promotionId: bigint | null;
  /** Unique per member: granting the same reference again answers the first grant. */
  reference: string;
  title: string;
  terms: WageringTerms;
};
