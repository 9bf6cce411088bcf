import { formatMinorUnits } from '@wps/contracts/money';
import type { PlayerRank, VipBenefits, VipProgress } from '@wps/contracts/loyalty-vip';
import { AppError } from '../../../http/app-error';
import { apiPrefix } from '../../../platform';
import * as repository from '../vip.repository';
import type { VipLevelRow } from '../vip.repository';
import { dayIn, nextPeriodStart, periodEndOf, periodStartOf } from './vip-periods';
import { keepPeriodOf, type VipDependencies } from './vip-types';

type Member = { id: bigint; brandId: bigint };
type Brand = { id: bigint; currency: string; timeZone: string };

const percentOf = (done: bigint, needed: bigint): number => {
  if (needed <= 0n || done >= needed) return 100;
  return Number((done * 10_000n) / needed) / 100;
};

const progressOf = (done: bigint, needed: bigint, exponent: number): VipProgress => ({
  done: formatMinorUnits(done, exponent),
  needed: formatMinorUnits(needed, exponent),
  percent: percentOf(done, needed),
});

/** The level's icon for the site; the upload id in the URL makes a changed icon a new URL for caches. */
const iconUrlOf = (level: Pick<VipLevelRow, 'id' | 'iconUploadId'>): string | null =>
  level.iconUploadId === null
    ? null
    : `${apiPrefix}/loyalty/vip-levels/${level.id}/icon?v=${level.iconUploadId}`;

const benefitsOf = (level: VipLevelRow, exponent: number, isOwn: boolean): VipBenefits => {
  const money = (amount: bigint) => formatMinorUnits(amount, exponent);
  return {
    rank: level.rank,
    name: level.name,
    iconUrl: iconUrlOf(level),
    depositThreshold: money(level.depositThreshold),
    validBetThreshold: money(level.validBetThreshold),
    keepPeriod: keepPeriodOf(level),
    keepDeposit: money(level.keepDeposit),
    keepValidBet: money(level.keepValidBet),
    levelUpBonus: money(level.levelUpBonus),
    monthlyBonus: money(level.monthlyBonus),
    birthdayBonus: money(level.birthdayBonus),
    rebateRates: level.rebateRates,
    pointRates: level.pointRates,
    dailyWithdrawalCount: level.dailyWithdrawalCount,
    dailyWithdrawalAmount: level.dailyWithdrawalAmount === null ? null : money(level.dailyWithdrawalAmount),
    managerContact: isOwn ? level.managerContact : null,
  };
};

/** The keep requirement of the member's level for the period running now, or null when it asks nothing. */
const keepStatusOf = async (
  deps: VipDependencies,
  member: Member,
  level: VipLevelRow | undefined,
  periodStart: string | undefined,
  today: string,
  exponent: number,
): Promise<PlayerRank['keep']> => {
  if (!level || level.rank === 0 || (level.keepDeposit <= 0n && level.keepValidBet <= 0n)) return null;
  const period = keepPeriodOf(level);
  const start = periodStart ?? periodStartOf(today, period);
  const figures = await repository.figuresBetween(deps.db, member.id, start, nextPeriodStart(start, period));
  return {
    period,
    periodStart: start,
    periodEnd: periodEndOf(start, period),
    deposit: progressOf(figures.deposit, level.keepDeposit, exponent),
    validBet: progressOf(figures.validBet, level.keepValidBet, exponent),
    isKept: figures.deposit >= level.keepDeposit && figures.validBet >= level.keepValidBet,
  };
};

/** MCS2_getPlayerRank: the member's level, the way to the next one, the keep status and the benefits table. */
export const getPlayerRank = async (
  deps: VipDependencies,
  member: Member,
  brand: Brand,
): Promise<PlayerRank> => {
  const exponent = await deps.ledger.getCurrencyExponent(brand.currency);
  const [levels, row, totals] = await Promise.all([
    repository.listLevels(deps.db, brand.id),
    repository.findMemberLevel(deps.db, member.id),
    repository.totalsOf(deps.db, [member.id]),
  ]);
  const rank = row?.rank ?? 0;
  const level = levels.find((candidate) => candidate.rank === rank);
  const next = levels.find((candidate) => candidate.rank > rank);
  const deposit = totals[0]?.depositTotal ?? 0n;
  const validBet = totals[0]?.validBetTotal ?? 0n;
  const today = dayIn(deps.now(), brand.timeZone);
  const depositProgress = next ? progressOf(deposit, next.depositThreshold, exponent) : null;
  const validBetProgress = next ? progressOf(validBet, next.validBetThreshold, exponent) : null;
  return {
    currency: brand.currency,
    current: { rank, name: level?.name ?? { en: `VIP ${rank}` }, iconUrl: level ? iconUrlOf(level) : null },
    next:
      next && depositProgress && validBetProgress
        ? {
            rank: next.rank,
            name: next.name,
            deposit: depositProgress,
            validBet: validBetProgress,
            percent: Math.min(depositProgress.percent, validBetProgress.percent),
          }
        : null,
    keep: await keepStatusOf(deps, member, level, row?.periodStart, today, exponent),
    levels: levels.map((candidate) => benefitsOf(candidate, exponent, candidate.rank === rank)),
  };
};

/** A level's icon, for anyone on the brand's site (the VIP page's benefits table shows every level's). */
export const readVipLevelIcon = async (
  deps: Pick<VipDependencies, 'db' | 'uploads'>,
  brandId: bigint,
  levelId: bigint,
) => {
  const level = await repository.findLevel(deps.db, brandId, levelId);
  if (!level || level.iconUploadId === null) throw new AppError('NOT_FOUND');
  return deps.uploads.read(level.iconUploadId);
};
