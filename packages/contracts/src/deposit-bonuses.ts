import { z } from 'zod';
import { successEnvelope } from './envelope';
import { channelCodeSchema } from './payments';
import { wageringBases } from './promotions-rules';

/** `GET /promotions/deposit-offers`: the deposit bonuses a member may choose now, for one channel when named. */
export const depositOffersQuerySchema = z.strictObject({ channelCode: channelCodeSchema.optional() });

/** A deposit match the member may choose on the deposit form; amounts in the brand's currency. */
export const depositOfferSchema = z.object({
  promotionId: z.string(),
  title: z.string(),
  summary: z.string(),
  /** first: the member's first deposit; reload: a later one; any: either. */
  depositKind: z.enum(['first', 'reload', 'any']),
  /** The bonus is this percent of the deposit, up to `cap`. */
  percent: z.number().int(),
  cap: z.string(),
  minDeposit: z.string(),
  /** Channel codes the offer applies to; empty: every channel. */
  channelCodes: z.array(z.string()),
  wagering: z.object({
    multiplier: z.number().int(),
    base: z.enum(wageringBases),
    /** "0": no limit. */
    maxStake: z.string(),
    expiresInDays: z.number().int(),
  }),
});
export type DepositOffer = z.infer<typeof depositOfferSchema>;
export const depositOffersResponseSchema = successEnvelope(z.object({ list: z.array(depositOfferSchema) }));
