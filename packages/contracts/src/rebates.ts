import { z } from 'zod';
import { successEnvelope } from './envelope';

/**
 * The manual rebate page (member centre `manualRebate`, when the brand's MANPLAYREB3 flag is on): the rebate
 * accrued on the days not yet claimed and today, by product line, what a claim would pay now (each day within
 * its cap) and the member's last claims. Amounts are decimals in the brand's currency.
 */
export const manualRebateSchema = z.object({
  currency: z.string(),
  lines: z.array(z.object({ productLine: z.string(), validBet: z.string(), amount: z.string() })),
  claimable: z.string(),
  claims: z.array(
    z.object({ id: z.string(), amount: z.string(), days: z.array(z.string()), createdAt: z.string() }),
  ),
});
export type ManualRebate = z.infer<typeof manualRebateSchema>;
export const manualRebateResponseSchema = successEnvelope(manualRebateSchema);

/** What a claim paid to the member's cash. */
export const rebateClaimSchema = z.object({ id: z.string(), amount: z.string() });
export type RebateClaim = z.infer<typeof rebateClaimSchema>;
export const rebateClaimResponseSchema = successEnvelope(rebateClaimSchema);
