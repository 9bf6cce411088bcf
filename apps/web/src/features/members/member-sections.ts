import type { WhitelabelFlag } from '@wps/contracts/site-rules';

/** Member-centre pages (spec section 2), in menu order. */
export const memberSections = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
  'playerRank',
  // Issue 26: limits, reality checks, time-outs and self-exclusion.
  'responsibleGaming',
  // Issue 26: identity verification (KYC) documents and tier.
  'verification',
  // One of the spec's "other member labels", placed last.
  'feedback',
] as const;
export type MemberSection = (typeof memberSections)[number];

/** Pages that exist only when the brand turns their whitelabel flag on. */
export const memberSectionFlags: Partial<Record<MemberSection, WhitelabelFlag>> = {
  manualRebate: 'MANPLAYREB3',
  playerRank: 'VIP3',
};

export const memberSectionPath = (section: MemberSection): string => `/member?page=${section}`;
