import { toMinorUnits } from '@wps/contracts/money';
import type { PromotionConfig } from '@wps/contracts/promotions';
import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import type { PromotionGameDependencies } from '../promotion-games/game-types';
import { findPromotion, type PromotionRow } from '../promotions.repository';

export type RedEnvelopeConfig = Extract<PromotionConfig, { kind: 'red_envelope' }>;
export type RedEnvelopePromotion = { row: PromotionRow; config: RedEnvelopeConfig; currency: string };

/** The red envelope promotion of the member's brand, NOT_FOUND for another kind or brand. */
export const findRedEnvelope = async (
  deps: Pick<PromotionGameDependencies, 'currencyOf'>,
  executor: Executor,
  brandId: bigint,
  id: bigint,
): Promise<RedEnvelopePromotion> => {
  const row = await findPromotion(executor, id);
  if (!row || row.brandId !== brandId || row.config.kind !== 'red_envelope' || row.status === 'draft') {
    throw new AppError('NOT_FOUND');
  }
  return { row, config: row.config, currency: await deps.currencyOf(brandId) };
};

/** The envelope's amounts in minor units of the brand's currency. */
export const envelopeAmounts = async (
  { ledger }: Pick<PromotionGameDependencies, 'ledger'>,
  envelope: RedEnvelopePromotion,
): Promise<{ pool: bigint; minPacket: bigint }> => {
  const exponent = await ledger.getCurrencyExponent(envelope.currency);
  return {
    pool: toMinorUnits(envelope.config.pool, exponent),
    minPacket: toMinorUnits(envelope.config.minPacket, exponent),
  };
};
