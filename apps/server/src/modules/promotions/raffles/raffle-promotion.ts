import { toMinorUnits } from '@wps/contracts/money';
import type { PromotionConfig } from '@wps/contracts/promotions';
import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { createServerSeed, hashServerSeed } from '../../house-games/fair-draws.service';
import type { PromotionGameDependencies } from '../promotion-games/game-types';
import * as repository from '../promotion-games.repository';
import { findPromotion, type PromotionRow } from '../promotions.repository';

export type RaffleConfig = Extract<PromotionConfig, { kind: 'raffle' }>;
export type RafflePromotion = { row: PromotionRow; config: RaffleConfig; currency: string };

/** A raffle promotion's config, or undefined for another kind. */
export const raffleConfigOf = (row: PromotionRow): RaffleConfig | undefined =>
  row.config.kind === 'raffle' ? row.config : undefined;

/** The raffle promotion of the member's brand, NOT_FOUND for another kind or brand. */
export const findRaffle = async (
  deps: Pick<PromotionGameDependencies, 'currencyOf'>,
  executor: Executor,
  brandId: bigint,
  id: bigint,
): Promise<RafflePromotion> => {
  const row = await findPromotion(executor, id);
  const config = row ? raffleConfigOf(row) : undefined;
  if (!row || !config || row.brandId !== brandId || row.status === 'draft') throw new AppError('NOT_FOUND');
  return { row, config, currency: await deps.currencyOf(brandId) };
};

/** Deposit and valid bet per ticket and the prizes, in minor units ("0" per ticket: not earned that way). */
export const raffleAmounts = (config: RaffleConfig, exponent: number) => ({
  depositPerTicket: toMinorUnits(config.depositPerTicket, exponent, { allowZero: true }),
  validBetPerTicket: toMinorUnits(config.validBetPerTicket, exponent, { allowZero: true }),
  prizes: config.prizes.map((prize) => toMinorUnits(prize, exponent)),
});

/**
 * Commits the raffle's server seed (its hash is shown from now on) once: a concurrent commit keeps the first
 * row. Called when the raffle is first seen started (its page, the draw job).
 */
export const commitRaffleSeed = async (executor: Executor, row: PromotionRow, config: RaffleConfig) => {
  const serverSeed = createServerSeed();
  await repository.insertDraw(executor, {
    promotionId: row.id,
    brandId: row.brandId,
    serverSeed,
    serverSeedHash: hashServerSeed(serverSeed),
    drawAt: new Date(config.drawAt),
  });
  const draw = await repository.findDraw(executor, row.id);
  if (!draw) throw new Error(`raffle ${row.id} has no draw after committing its seed`);
  return draw;
};
