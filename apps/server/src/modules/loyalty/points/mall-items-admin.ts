import type { AdminMallItem, MallItemBody } from '@wps/contracts/loyalty-points';
import { mallItemBodySchema } from '@wps/contracts/loyalty-points';
import { toMinorUnits } from '@wps/contracts/money';
import { AppError } from '../../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../../audit/audit.service';
import { checkBrandUpload } from '../brand-upload';
import * as repository from '../points.repository';
import { adminMallItemView } from './point-views';
import type { PointsDependencies } from './points-types';

const mallItemEntity = 'mall_item';

/** The operator's item as stored: amounts in minor units; only the fields its kind uses keep a value. */
const itemValues = (body: MallItemBody, exponent: number) => {
  const parsed = mallItemBodySchema.parse(body);
  return {
    kind: parsed.kind,
    name: parsed.name,
    description: parsed.description,
    imageUploadId: parsed.imageUploadId,
    pointsCost: BigInt(parsed.pointsCost),
    amount: parsed.kind === 'bonus' ? toMinorUnits(parsed.amount, exponent, { allowZero: true }) : 0n,
    turnoverMultiplier: parsed.kind === 'physical' ? 0 : parsed.turnoverMultiplier,
    spins: parsed.kind === 'free_spins' ? parsed.spins : 0,
    spinStake:
      parsed.kind === 'free_spins' ? toMinorUnits(parsed.spinStake, exponent, { allowZero: true }) : 0n,
    stock: parsed.stock,
    perMemberLimit: parsed.perMemberLimit,
    minimumVipRank: parsed.minimumVipRank,
    status: parsed.status,
    sortOrder: parsed.sortOrder,
  };
};

/** A bonus gives money and spins have a stake: an item giving nothing is refused. */
const checkGives = (values: ReturnType<typeof itemValues>) => {
  if (values.kind === 'bonus' && values.amount <= 0n) {
    throw new AppError('VALIDATION_FAILED', { message: 'A bonus item gives an amount.' });
  }
  if (values.kind === 'free_spins' && (values.spins <= 0 || values.spinStake <= 0n)) {
    throw new AppError('VALIDATION_FAILED', { message: 'A free spins item gives spins with a stake.' });
  }
};

export type MallItemAdminContext = { brandId: bigint; currency: string; actor: AuditActor };

export const listAdminMallItems = async (
  deps: Pick<PointsDependencies, 'db' | 'ledger'>,
  brand: { brandId: bigint; currency: string },
): Promise<AdminMallItem[]> => {
  const exponent = await deps.ledger.getCurrencyExponent(brand.currency);
  return (await repository.listItems(deps.db, brand.brandId)).map((item) =>
    adminMallItemView(item, exponent),
  );
};

export const createMallItem = async (
  deps: Pick<PointsDependencies, 'db' | 'ledger' | 'now' | 'uploads'>,
  context: MallItemAdminContext,
  body: MallItemBody,
): Promise<AdminMallItem> => {
  const exponent = await deps.ledger.getCurrencyExponent(context.currency);
  const values = itemValues(body, exponent);
  checkGives(values);
  await checkBrandUpload(deps.uploads, context.brandId, values.imageUploadId, 'imageUploadId');
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await repository.insertItem(tx, {
      ...values,
      brandId: context.brandId,
      createdAt: now,
      updatedAt: now,
    });
    const after = adminMallItemView(row, exponent);
    await recordAuditEvent(tx, {
      actor: context.actor,
      action: 'mall_item.create',
      entityType: mallItemEntity,
      entityId: after.id,
      after,
    });
    return after;
  });
};

/** Replaces an item's definition (stock included: the operator restocks by setting it). */
export const updateMallItem = async (
  deps: Pick<PointsDependencies, 'db' | 'ledger' | 'now' | 'uploads'>,
  context: MallItemAdminContext,
  itemId: bigint,
  body: MallItemBody,
): Promise<AdminMallItem> => {
  const exponent = await deps.ledger.getCurrencyExponent(context.currency);
  const values = itemValues(body, exponent);
  checkGives(values);
  await checkBrandUpload(deps.uploads, context.brandId, values.imageUploadId, 'imageUploadId');
  return deps.db.transaction(async (tx) => {
    const existing = await repository.findItem(tx, context.brandId, itemId);
    if (!existing) throw new AppError('NOT_FOUND');
    const row = await repository.updateItem(tx, context.brandId, itemId, {
      ...values,
      updatedAt: deps.now(),
    });
    if (!row) throw new AppError('NOT_FOUND');
    const after = adminMallItemView(row, exponent);
    await recordAuditEvent(tx, {
      actor: context.actor,
      action: 'mall_item.update',
      entityType: mallItemEntity,
      entityId: after.id,
      before: adminMallItemView(existing, exponent),
      after,
    });
    return after;
  });
};
