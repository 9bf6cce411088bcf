import type { VipLevelAdmin, VipLevelBody } from '@wps/contracts/loyalty-vip';
import { formatMinorUnits } from '@wps/contracts/money';
import { isDatabaseError, uniqueViolation } from '../../../db/database-errors';
import { AppError } from '../../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../../audit/audit.service';
import { checkBrandUpload } from '../brand-upload';
import * as repository from '../vip.repository';
import type { NewVipLevel, VipLevelRow } from '../vip.repository';
import type { VipDependencies } from './vip-types';

type Brand = { id: bigint; currency: string };

const invalid = (field: string, message: string): AppError =>
  new AppError('VALIDATION_FAILED', { message, issues: [{ field, message }] });

const toAdmin = (level: VipLevelRow, exponent: number, members: number): VipLevelAdmin => {
  const money = (amount: bigint) => formatMinorUnits(amount, exponent);
  return {
    id: level.id.toString(),
    rank: level.rank,
    name: level.name,
    depositThreshold: money(level.depositThreshold),
    validBetThreshold: money(level.validBetThreshold),
    keepPeriod: level.keepPeriod === 'quarter' ? 'quarter' : 'month',
    keepDeposit: money(level.keepDeposit),
    keepValidBet: money(level.keepValidBet),
    levelUpBonus: money(level.levelUpBonus),
    monthlyBonus: money(level.monthlyBonus),
    birthdayBonus: money(level.birthdayBonus),
    bonusTurnoverMultiplier: level.bonusTurnoverMultiplier,
    pointRates: level.pointRates,
    rebateRates: level.rebateRates,
    dailyWithdrawalCount: level.dailyWithdrawalCount,
    dailyWithdrawalAmount: level.dailyWithdrawalAmount === null ? null : money(level.dailyWithdrawalAmount),
    managerContact: level.managerContact,
    iconUploadId: level.iconUploadId,
    members,
    updatedAt: level.updatedAt.toISOString(),
  };
};

/** The body as a row, every amount parsed exactly in the brand's currency (VALIDATION_FAILED names the field). */
const rowOf = async (deps: VipDependencies, brand: Brand, body: VipLevelBody): Promise<NewVipLevel> => {
  const amount = (decimal: string, field: string) =>
    deps.wallet.parseAmount(decimal, brand.currency, field, { allowZero: true });
  return {
    brandId: brand.id,
    rank: body.rank,
    name: body.name.ur ? { en: body.name.en, ur: body.name.ur } : { en: body.name.en },
    depositThreshold: await amount(body.depositThreshold, 'depositThreshold'),
    validBetThreshold: await amount(body.validBetThreshold, 'validBetThreshold'),
    keepPeriod: body.keepPeriod,
    keepDeposit: await amount(body.keepDeposit, 'keepDeposit'),
    keepValidBet: await amount(body.keepValidBet, 'keepValidBet'),
    levelUpBonus: await amount(body.levelUpBonus, 'levelUpBonus'),
    monthlyBonus: await amount(body.monthlyBonus, 'monthlyBonus'),
    birthdayBonus: await amount(body.birthdayBonus, 'birthdayBonus'),
    bonusTurnoverMultiplier: body.bonusTurnoverMultiplier,
    pointRates: body.pointRates,
    rebateRates: body.rebateRates,
    dailyWithdrawalCount: body.dailyWithdrawalCount,
    dailyWithdrawalAmount:
      body.dailyWithdrawalAmount === null
        ? null
        : await amount(body.dailyWithdrawalAmount, 'dailyWithdrawalAmount'),
    managerContact: body.managerContact === null || body.managerContact === '' ? null : body.managerContact,
    iconUploadId: body.iconUploadId,
  };
};

/**
 * A brand's levels must climb: each level's deposit and valid-bet thresholds at least the lower level's and one of
 * them higher, and the rank free. `replacing` is the id of the level being changed.
 */
const checkLadder = (levels: readonly VipLevelRow[], level: NewVipLevel, replacing: bigint | null): void => {
  const others = levels.filter((other) => other.id !== replacing);
  if (others.some((other) => other.rank === level.rank))
    throw invalid('rank', `Rank ${level.rank} is taken.`);
  const lower = others.filter((other) => other.rank < level.rank).at(-1);
  const higher = others.find((other) => other.rank > level.rank);
  const climbs = (low: Pick<NewVipLevel, 'depositThreshold' | 'validBetThreshold'>, high: typeof low) => {
    const deposit = { low: low.depositThreshold ?? 0n, high: high.depositThreshold ?? 0n };
    const bet = { low: low.validBetThreshold ?? 0n, high: high.validBetThreshold ?? 0n };
    return (
      deposit.high >= deposit.low && bet.high >= bet.low && (deposit.high > deposit.low || bet.high > bet.low)
    );
  };
  if (lower && !climbs(lower, level)) {
    throw invalid('depositThreshold', `Thresholds must be higher than rank ${lower.rank}'s.`);
  }
  if (higher && !climbs(level, higher)) {
    throw invalid('depositThreshold', `Thresholds must be lower than rank ${higher.rank}'s.`);
  }
};

/**
 * Deletes a level nobody holds (audited). The entry level (rank 0) stays while higher levels exist, since every
 * member without a level row holds it.
 */
export const deleteVipLevel = async (
  deps: VipDependencies,
  actor: AuditActor,
  brand: Brand,
  id: bigint,
): Promise<void> => {
  const exponent = await deps.ledger.getCurrencyExponent(brand.currency);
  await deps.db.transaction(async (tx) => {
    const levels = await repository.lockLevels(tx, brand.id);
    const level = levels.find((candidate) => candidate.id === id);
    if (!level) throw new AppError('NOT_FOUND', { message: `No VIP level ${id}.` });
    const holders = (await repository.memberCountsByRank(tx, brand.id)).get(level.rank) ?? 0;
    if (holders > 0) throw invalid('id', `${holders} members hold this level.`);
    if (level.rank === 0 && levels.length > 1)
      throw invalid('id', 'The entry level stays while higher levels exist.');
    await repository.deleteLevel(tx, id);
    await recordAuditEvent(tx, {
      actor,
      action: 'loyalty.vip_level.delete',
      entityType: 'vip_level',
      entityId: id.toString(),
      before: toAdmin(level, exponent, 0),
      after: null,
    });
  });
};

export const listVipLevels = async (
  deps: VipDependencies,
  brand: Brand,
): Promise<{ currency: string; levels: VipLevelAdmin[] }> => {
  const [levels, counts, exponent] = await Promise.all([
    repository.listLevels(deps.db, brand.id),
    repository.memberCountsByRank(deps.db, brand.id),
    deps.ledger.getCurrencyExponent(brand.currency),
  ]);
  return {
    currency: brand.currency,
    levels: levels.map((level) => toAdmin(level, exponent, counts.get(level.rank) ?? 0)),
  };
};

/** Creates a level (id null) or replaces one, audited, in one transaction; a rank taken meanwhile is refused. */
export const saveVipLevel = async (
  deps: VipDependencies,
  actor: AuditActor,
  brand: Brand,
  id: bigint | null,
  body: VipLevelBody,
): Promise<VipLevelAdmin> => {
  const row = await rowOf(deps, brand, body);
  await checkBrandUpload(deps.uploads, brand.id, body.iconUploadId, 'iconUploadId');
  const exponent = await deps.ledger.getCurrencyExponent(brand.currency);
  try {
    return await deps.db.transaction(async (tx) => {
      const before = id === null ? undefined : await repository.findLevel(tx, brand.id, id);
      if (id !== null && !before) throw new AppError('NOT_FOUND', { message: `No VIP level ${id}.` });
      checkLadder(await repository.listLevels(tx, brand.id), row, id);
      const saved =
        id === null
          ? await repository.insertLevel(tx, row)
          : await repository.updateLevel(tx, id, row, deps.now());
      await recordAuditEvent(tx, {
        actor,
        action: id === null ? 'loyalty.vip_level.create' : 'loyalty.vip_level.update',
        entityType: 'vip_level',
        entityId: saved.id.toString(),
        before: before ? toAdmin(before, exponent, 0) : null,
        after: toAdmin(saved, exponent, 0),
      });
      const counts = await repository.memberCountsByRank(tx, brand.id);
      return toAdmin(saved, exponent, counts.get(saved.rank) ?? 0);
    });
  } catch (error) {
    if (isDatabaseError(error, uniqueViolation)) throw invalid('rank', `Rank ${body.rank} is taken.`);
    throw error;
  }
};
