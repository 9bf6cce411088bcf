import { defaultContributionPercent, type WageringRules } from '@wps/contracts/promotions';
import type { Database } from '../../../db/database';
import type { MemberService } from '../../members/members.service';
import type { WalletService } from '../../wallet/wallet.service';
import type { BonusService, WageringTerms } from '../bonuses.service';
import type { PromotionRow } from '../promotions.repository';
import type { PromotionContent } from '../promotions.tables';
import type { PlayBlockSource, VipRankSource } from '../eligibility/check-eligibility';

/** What the site's promotion use cases (the list, the claim, the claim reviews) work with. */
export type SitePromotionDependencies = {
  db: Database;
  wallet: WalletService;
  bonuses: BonusService;
  members: MemberService;
  now: () => Date;
  /** The member's VIP rank, for promotions limited to some levels. */
  vipRank: VipRankSource;
  /** Whether player protection refuses the member's play now: offers and promotion money stop. */
  isPlayBlocked: PlayBlockSource;
};

/** The promotion's words in `language`; Urdu falls back to English where it is not written, other languages too. */
export const contentIn = (promotion: PromotionRow, language: string): PromotionContent =>
  (language.toLowerCase() === 'ur' ? promotion.content.ur : undefined) ?? promotion.content.en;

/**
 * The promotion's wagering rules as the bonus engine takes them: the maximum stake in minor units, and every
 * product line's contribution (a line the operator did not name counts its default, as the rules say; the
 * engine counts a line missing from the terms as 0).
 */
export const toWageringTerms = async (
  wallet: Pick<WalletService, 'parseAmount'>,
  rules: WageringRules,
  currency: string,
): Promise<WageringTerms> => ({
  multiplier: rules.multiplier,
  base: rules.base,
  contributions: { ...defaultContributionPercent, ...rules.contributions },
  maxStake: await wallet.parseAmount(rules.maxStake, currency, 'maxStake', { allowZero: true }),
  expiresInDays: rules.expiresInDays,
});

/** The reference of a claim's payment: the same claim always pays under the same key. */
export const claimReference = (promotionId: bigint, sequence: number): string =>
  `promotion:${promotionId}:${sequence}`;
