import type { Database } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import type { PushService } from '../../push/push.service';
import type { RewardService } from '../../promotions/rewards.service';
import type { LedgerService } from '../../wallet/ledger.service';
import type { WalletService } from '../../wallet/wallet.service';

export type MissionDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  rewards: RewardService;
  push: PushService;
  now: () => Date;
};

/** The member a call is for, with the brand's currency and clock. */
export type MissionOwner = { brandId: bigint; memberId: bigint; currency: string; timeZone: string };

/** Who changed an operator setting (the audit's actor). */
export type StaffActor = { type: 'staff'; id: string; ip?: string };

/** A title per language: the member's language when the operator wrote it, else English. */
export const textIn = (text: { en: string; ur?: string }, lang: string | undefined): string =>
  lang === 'ur' && text.ur ? text.ur : text.en;

export const missionNotClaimable = () => new AppError('MISSION_NOT_CLAIMABLE');
export const missionStateInvalid = () => new AppError('MISSION_STATE_INVALID');
export const missionNotFound = () =>
  new AppError('NOT_FOUND', { message: 'No such mission or leaderboard.' });

/** Mission kinds whose target and progress are money (minor units); the rest count. */
export const isAmountKind = (kind: string): boolean => kind === 'valid_bet';
