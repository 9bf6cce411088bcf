import type { DepositOffer } from '@wps/contracts/deposit-bonuses';
import type { MemberRow } from '../../members/members.service';
import { ineligibilityOf } from '../eligibility/check-eligibility';
import { listLivePromotions } from '../promotions.repository';
import type { DepositBonusDependencies } from './deposit-bonus-types';
import { activeBonusBlock, channelAllows, depositKindAllows, depositMatchOf } from './deposit-offer-terms';

/**
 * The brand's live deposit matches the member may choose now: eligible (ineligibilityOf), for a first deposit
 * only while they have no credited deposit and for a reload only once they have one, and for `channelCode` when
 * named. None while a bonus is active, since a member has one at a time.
 */
export const listDepositOffers = async (
  deps: DepositBonusDependencies,
  member: MemberRow,
  brand: { id: bigint; currency: string },
  channelCode: string | undefined,
): Promise<DepositOffer[]> => {
  const { db, wallet } = deps;
  const owner = { brandId: brand.id, memberId: member.id, currency: brand.currency };
  if ((await activeBonusBlock(deps, owner, db)) !== null) return [];
  const now = deps.now();
  const [promotions, hasCreditedDeposit] = await Promise.all([
    listLivePromotions(db, brand.id, now, 'deposit_match'),
    deps.depositHistory()(db, member.id, null),
  ]);
  const offers: DepositOffer[] = [];
  for (const promotion of promotions) {
    const match = depositMatchOf(promotion, brand.id);
    if (!match || !depositKindAllows(match, hasCreditedDeposit)) continue;
    if (channelCode !== undefined && !channelAllows(match, channelCode)) continue;
    if ((await ineligibilityOf(db, promotion, member, now, deps)) !== null) continue;
    const content = promotion.content[member.language === 'UR' ? 'ur' : 'en'] ?? promotion.content.en;
    offers.push({
      promotionId: promotion.id.toString(),
      title: content.title,
      summary: content.summary,
      depositKind: match.depositKind,
      percent: match.percent,
      cap: await wallet.formatAmount(await wallet.parseAmount(match.cap, brand.currency), brand.currency),
      minDeposit: await wallet.formatAmount(
        await wallet.parseAmount(match.minDeposit, brand.currency, 'minDeposit', { allowZero: true }),
        brand.currency,
      ),
      channelCodes: match.channelCodes,
      wagering: {
        multiplier: match.wagering.multiplier,
        base: match.wagering.base,
        maxStake: await wallet.formatAmount(
          await wallet.parseAmount(match.wagering.maxStake, brand.currency, 'maxStake', { allowZero: true }),
          brand.currency,
        ),
        expiresInDays: match.wagering.expiresInDays,
      },
    });
  }
  return offers;
};
