import type { Conversion, ConvertRequest } from '@wps/contracts/loyalty-points';
import { formatMinorUnits } from '@wps/contracts/money';
import type { Transaction } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import * as repository from '../points.repository';
import type { ConversionRow } from '../points.repository';
import { pointBalance, pointsCurrency } from './point-ledger';
import type { PointsDependencies, PointsMember } from './points-types';
import { asPointsError } from './redeem-item';

/**
 * Cash for `points` at the brand's rate (`points_per_cash_unit` points make one whole currency unit). Only exact
 * conversions are taken: points × 10^exponent must divide by the rate, so no fraction of a minor unit is made
 * or lost (100 points per unit in USD: any whole number of points; 3 per unit: multiples of 3). Answers the
 * minor units, or refuses.
 */
export const cashForPoints = (points: bigint, pointsPerCashUnit: number, exponent: number): bigint => {
  const scaled = points * 10n ** BigInt(exponent);
  const rate = BigInt(pointsPerCashUnit);
  if (scaled % rate !== 0n) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'These points do not convert into a whole amount; choose another number of points.',
    });
  }
  return scaled / rate;
};

const conversionView = (row: ConversionRow, exponent: number, currency: string, multiplier: number) => ({
  id: row.id.toString(),
  points: row.points.toString(),
  amount: formatMinorUnits(row.amount, exponent),
  currency,
  turnoverRequired: formatMinorUnits(row.amount * BigInt(multiplier), exponent),
  createdAt: row.createdAt.toISOString(),
});

/** The one ledger transaction of a conversion: points back to the brand, cash from the promotion account. */
const postConversion = async (
  deps: Pick<PointsDependencies, 'ledger'>,
  tx: Transaction,
  member: PointsMember,
  { points, amount, requestId }: { points: bigint; amount: bigint; requestId: string },
) => {
  const options = { executor: tx };
  const memberPoints = await deps.ledger.ensureMemberAccount(
    member.brandId,
    member.memberId,
    pointsCurrency,
    'member_points',
    options,
  );
  const issuer = await deps.ledger.ensureSystemAccount(
    member.brandId,
    'loyalty_points',
    pointsCurrency,
    '',
    options,
  );
  const cash = await deps.ledger.ensureMemberAccount(
    member.brandId,
    member.memberId,
    member.currency,
    'member_cash',
    options,
  );
  const promotion = await deps.ledger.ensureSystemAccount(
    member.brandId,
    'promotion',
    member.currency,
    '',
    options,
  );
  return deps.ledger
    .post(
      {
        brandId: member.brandId,
        idempotencyKey: `points-convert:${member.memberId}:${requestId}`,
        kind: 'reward.points',
        legs: [
          { accountId: memberPoints.id, amount: -points },
          { accountId: issuer.id, amount: points },
          { accountId: promotion.id, amount: -amount },
          { accountId: cash.id, amount },
        ],
        reference: `points-convert:${requestId}`,
        memo: `${points} points`,
      },
      options,
    )
    .catch((error: unknown) => {
      throw asPointsError(error);
    });
};

/**
 * Converts points to cash once per `requestId`: one ledger transaction with both pairs of legs (points from
 * the member back to the brand's points account, cash from the promotion account to the member's cash) of kind
 * 'reward.points', so reports count it as a bonus; the cash carries a turnover requirement of its amount times
 * the brand's multiplier. A concurrent repeat waits on the ledger's idempotency key and then answers the first.
 */
export const convertPoints = async (
  deps: PointsDependencies,
  member: PointsMember,
  request: ConvertRequest,
): Promise<Conversion> => {
  await deps.members.checkPaymentPassword(member.memberId, request.paymentPassword);
  const settings = await repository.findSettings(deps.db, member.brandId);
  const exponent = await deps.ledger.getCurrencyExponent(member.currency);
  const view = (row: ConversionRow) =>
    conversionView(row, exponent, member.currency, settings.conversionTurnoverMultiplier);
  const first = await repository.findConversionByRequest(deps.db, member.memberId, request.requestId);
  if (first) return view(first);
  if (!settings.isPointsEnabled) throw new AppError('FEATURE_DISABLED');
  const points = BigInt(request.points);
  if (points < BigInt(settings.minimumConversionPoints)) throw new AppError('POINTS_BELOW_MINIMUM');
  const amount = cashForPoints(points, settings.pointsPerCashUnit, exponent);
  if (points > (await pointBalance(deps.ledger, deps.db, member.brandId, member.memberId))) {
    throw new AppError('POINTS_INSUFFICIENT');
  }
  const row = await deps.db.transaction(async (tx) => {
    const posting = await postConversion(deps, tx, member, { points, amount, requestId: request.requestId });
    if (posting.isReplay) return undefined;
    const turnover = amount * BigInt(settings.conversionTurnoverMultiplier);
    if (turnover > 0n) {
      await deps.turnover.addRequirement(tx, {
        brandId: member.brandId,
        memberId: member.memberId,
        currency: member.currency,
        amount: turnover,
        reference: `points-convert:${posting.transactionId}`,
        source: 'bonus',
      });
    }
    return repository.insertConversion(tx, {
      brandId: member.brandId,
      memberId: member.memberId,
      requestId: request.requestId,
      points,
      amount,
      ledgerTransactionId: posting.transactionId,
      createdAt: deps.now(),
    });
  });
  if (row) return view(row);
  const repeated = await repository.findConversionByRequest(deps.db, member.memberId, request.requestId);
  if (!repeated) throw new AppError('ALREADY_PROCESSED');
  return view(repeated);
};
