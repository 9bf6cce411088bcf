import { manualRebateResponseSchema, rebateClaimResponseSchema } from '@wps/contracts/rebates';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { RebateOwner, RebateService } from './rebates.service';

const tags = ['promotions'];

/** The member's rebate owner, on a brand whose members claim their rebate (MANPLAYREB3). */
const manualOwnerOf = (request: FastifyRequest): RebateOwner => {
  if (!request.brandContext.isEnabled('MANPLAYREB3')) throw new AppError('PROMOTION_NOT_AVAILABLE');
  return { brandId: request.brand.id, memberId: request.member.id, currency: request.brand.currency };
};

/** The manual rebate page (member centre `manualRebate`): the accrued rebate and its claim. */
export const rebateRoutes =
  (rebates: RebateService, requireRealMember: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/rebate/manual',
      {
        preHandler: requireRealMember,
        schema: { tags, response: { 200: manualRebateResponseSchema, ...failureResponses } },
      },
      async (request) => ok(await rebates.readManual(manualOwnerOf(request))),
    );
    app.post(
      '/rebate/manual/claim',
      {
        preHandler: requireRealMember,
        schema: { tags, response: { 200: rebateClaimResponseSchema, ...failureResponses } },
      },
      async (request) => ok(await rebates.claimManual(manualOwnerOf(request))),
    );
  };
