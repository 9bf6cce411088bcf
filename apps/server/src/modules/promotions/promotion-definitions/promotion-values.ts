import type { PromotionConfig, promotionBodySchema, WageringRules } from '@wps/contracts/promotions';
import type { z } from 'zod';
import { AppError } from '../../../http/app-error';
import { sanitizeContentHtml } from '../../content/content.service';
import type { PromotionContent } from '../promotions.tables';
import type { PromotionValues } from '../promotions.repository';
import type { AdminBrand, PromotionAdminDependencies } from './definition-types';

export type PromotionInput = z.output<typeof promotionBodySchema>;

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, issues: [{ field, message }] });

type Amounts = { parse: (decimal: string, field: string) => Promise<bigint> };

/** Amounts of the wagering rules parse in the brand's currency. */
const checkWagering = async ({ parse }: Amounts, wagering: WageringRules, field: string) => {
  await parse(wagering.maxStake, `${field}.maxStake`);
};

const requirePositive = async ({ parse }: Amounts, decimal: string, field: string) => {
  if ((await parse(decimal, field)) <= 0n) throw invalid(field, 'Must be more than 0.');
};

/**
 * Every amount of a kind's config parses exactly in the brand's currency (a third decimal in USD is refused,
 * not rounded), amounts that are paid are positive, and the kind's own rules hold.
 */
const checkConfig = async (amounts: Amounts, config: PromotionConfig, input: PromotionInput) => {
  const { parse } = amounts;
  switch (config.kind) {
    case 'signup':
      await requirePositive(amounts, config.amount, 'config.amount');
      return checkWagering(amounts, config.wagering, 'config.wagering');
    case 'granted':
      return checkWagering(amounts, config.wagering, 'config.wagering');
    case 'deposit_match':
      await requirePositive(amounts, config.cap, 'config.cap');
      await parse(config.minDeposit, 'config.minDeposit');
      return checkWagering(amounts, config.wagering, 'config.wagering');
    case 'cashback':
      await parse(config.minLoss, 'config.minLoss');
      await parse(config.cap, 'config.cap');
      return;
    case 'rebate':
      await parse(config.dailyCap, 'config.dailyCap');
      return;
    case 'referral':
      await parse(config.inviteeDeposit, 'config.inviteeDeposit');
      await parse(config.inviteeValidBet, 'config.inviteeValidBet');
      return requirePositive(amounts, config.reward, 'config.reward');
    case 'red_envelope': {
      const pool = await parse(config.pool, 'config.pool');
      const minPacket = await parse(config.minPacket, 'config.minPacket');
      if (minPacket <= 0n) throw invalid('config.minPacket', 'Must be more than 0.');
      // Every packet gets at least the minimum, so the pool must cover them all.
      if (pool < minPacket * BigInt(config.packets)) {
        throw invalid('config.pool', 'The pool must be at least packets × the minimum packet.');
      }
      return;
    }
    case 'raffle': {
      const perDeposit = await parse(config.depositPerTicket, 'config.depositPerTicket');
      const perBet = await parse(config.validBetPerTicket, 'config.validBetPerTicket');
      if (perDeposit === 0n && perBet === 0n) {
        throw invalid('config.depositPerTicket', 'Tickets must be earned by deposit, valid bet or both.');
      }
      for (const [index, prize] of config.prizes.entries()) {
        await requirePositive(amounts, prize, `config.prizes.${index}`);
      }
      // Tickets stop at the end; the draw comes after it.
      if (input.endsAt === null) throw invalid('endsAt', 'A raffle needs an end before its draw.');
      if (new Date(config.drawAt) <= new Date(input.endsAt)) {
        throw invalid('config.drawAt', 'The draw must come after the promotion ends.');
      }
      return;
    }
  }
};

const sanitized = (content: z.output<typeof promotionBodySchema>['content']['en']): PromotionContent => ({
  title: content.title,
  summary: content.summary,
  terms: sanitizeContentHtml(content.terms),
});

/**
 * The row values of an operator's promotion after the server's checks: dates in order, amounts exact in the
 * brand's currency, the kind's rules, an image uploaded to this brand, and terms HTML sanitised.
 */
export const promotionValuesOf = async (
  { wallet, uploads }: Pick<PromotionAdminDependencies, 'wallet' | 'uploads'>,
  brand: AdminBrand,
  input: PromotionInput,
): Promise<Omit<PromotionValues, 'brandId' | 'kind' | 'status'>> => {
  const startsAt = new Date(input.startsAt);
  const endsAt = input.endsAt === null ? null : new Date(input.endsAt);
  if (endsAt !== null && endsAt <= startsAt) throw invalid('endsAt', 'The end must come after the start.');
  // Zero is a setting here ("0": no limit, not earned that way); what must be paid is checked positive.
  const amounts: Amounts = {
    parse: (decimal, field) => wallet.parseAmount(decimal, brand.currency, field, { allowZero: true }),
  };
  await checkConfig(amounts, input.config, input);
  if (input.imageUploadId !== null) {
    const image = await uploads.read(input.imageUploadId).catch(() => undefined);
    if (!image || image.row.brandId !== brand.id)
      throw invalid('imageUploadId', 'No such image on this brand.');
  }
  return {
    category: input.category,
    startsAt,
    endsAt,
    content: {
      en: sanitized(input.content.en),
      ...(input.content.ur === undefined ? {} : { ur: sanitized(input.content.ur) }),
    },
    imageUploadId: input.imageUploadId,
    claimLimit: input.claimLimit,
    sortOrder: input.sortOrder,
    turnoverPercent: input.turnoverPercent,
    eligibility: input.eligibility,
    config: input.config,
  };
};
