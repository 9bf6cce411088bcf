import {
  type PointBalance,
  type PointConfig,
  type PointEarningSource,
  pointEarningSources,
} from '@wps/contracts/loyalty-points';
import * as repository from '../points.repository';
import { unitsPerPoint } from './earning-rules';
import { pointBalance } from './point-ledger';
import type { PointsDependencies, PointsMember } from './points-types';

/**
 * The member's points: the balance (the ledger), lifetime points per source (each rounded down, so they may
 * sum a little below what was posted, whose fractions were carried together), redeemed (not cancelled) and
 * converted; `other` is what missions and staff adjustments added (what the rest does not explain).
 */
export const getPointBalance = async (
  deps: Pick<PointsDependencies, 'db' | 'ledger'>,
  member: PointsMember,
): Promise<PointBalance> => {
  const balance = await pointBalance(deps.ledger, deps.db, member.brandId, member.memberId);
  const unit = unitsPerPoint(await deps.ledger.getCurrencyExponent(member.currency));
  const earnedBy = await repository.findEarnedBy(deps.db, member.memberId);
  const spent = await repository.sumSpentPoints(deps.db, member.memberId);
  const earned = {} as Record<PointEarningSource, string>;
  let earnedTotal = 0n;
  for (const source of pointEarningSources) {
    const units = BigInt(earnedBy[source] ?? '0');
    const points = units > 0n ? units / unit : 0n;
    earned[source] = points.toString();
    earnedTotal += points;
  }
  return {
    balance: balance.toString(),
    earned,
    other: (balance + spent.redeemed + spent.converted - earnedTotal).toString(),
    redeemed: spent.redeemed.toString(),
    converted: spent.converted.toString(),
  };
};

/** The brand's points rules and the member's earning rates (their VIP rank's). */
export const getPointConfig = async (
  deps: Pick<PointsDependencies, 'db'>,
  member: PointsMember,
): Promise<PointConfig> => {
  const settings = await repository.findSettings(deps.db, member.brandId);
  const rank = (await repository.findRanks(deps.db, [member.memberId])).get(member.memberId) ?? 0;
  const rates = await repository.findPointRates(deps.db, member.brandId);
  return {
    isEnabled: settings.isPointsEnabled,
    pointsPerCashUnit: settings.pointsPerCashUnit,
    minimumConversionPoints: settings.minimumConversionPoints,
    pointsPerDepositUnit: settings.pointsPerDepositUnit,
    betRates: rates.get(rank) ?? {},
    conversionTurnoverMultiplier: settings.conversionTurnoverMultiplier,
    currency: member.currency,
  };
};
