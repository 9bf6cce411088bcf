import {
  defaultContributionPercent,
  type WageringProductLine,
  type WageringRules,
} from '@wps/contracts/promotions';
import type { WalletService } from '../../wallet/wallet.service';
import type { WageringTerms } from '../bonuses.service';

/**
 * A promotion's wagering rules as the bonus engine takes them: minor units, and a contribution for every
 * product line (the engine counts a line not named as 0, the operator's form means its default).
 */
export const wageringTermsOf = async (
  wallet: Pick<WalletService, 'parseAmount'>,
  currency: string,
  rules: WageringRules,
): Promise<WageringTerms> => {
  const contributions: Record<string, number> = { ...defaultContributionPercent };
  for (const [line, percent] of Object.entries(rules.contributions) as [
    WageringProductLine,
    number | undefined,
  ][]) {
    if (percent !== undefined) contributions[line] = percent;
  }
  return {
    multiplier: rules.multiplier,
    base: rules.base,
    contributions,
    maxStake: await wallet.parseAmount(rules.maxStake, currency, 'config.wagering.maxStake', {
      allowZero: true,
    }),
    expiresInDays: rules.expiresInDays,
  };
};
