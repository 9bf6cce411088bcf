import {
  claimReviewDecisionSchema,
  claimReviewListQuerySchema,
  claimReviewListResponseSchema,
  claimReviewParamsSchema,
  claimReviewResponseSchema,
  promotionClaimResponseSchema,
  sitePromotionListQuerySchema,
  sitePromotionParamsSchema,
} from '@wps/contracts/promotions-site';
import { sitePromotionListResponseSchema } from '@wps/contracts/promotions';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { SitePromotionService } from './site-promotions.service';

const tags = ['promotions'];

export type SitePromotionRoutesDependencies = {
  sitePromotions: SitePromotionService;
  requireBrand: preHandlerAsyncHookHandler;
  requireMember: preHandlerAsyncHookHandler;
  requireRealMember: preHandlerAsyncHookHandler;
};

/**
 * The player's promotions page (under /wps): the list, for guests and members alike (a request with a live
 * session is answered for its member, one without or with an expired session as a guest's), each promotion's
 * image, and the claim.
 */
export const sitePromotionRoutes =
  ({
    sitePromotions,
    requireBrand,
    requireMember,
    requireRealMember,
  }: SitePromotionRoutesDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    /** Requests the member guard admitted; the others are read as a guest's. */
    const signedIn = new WeakSet<FastifyRequest>();

    app.get(
      '/promotions',
      {
        schema: {
          tags,
          description:
            "The brand's live and coming-soon promotions in the site's language, with what the viewer can do.",
          querystring: sitePromotionListQuerySchema,
          response: { 200: sitePromotionListResponseSchema, ...failureResponses },
        },
        preHandler: async function memberWhenSignedIn(
          this: FastifyInstance,
          request: FastifyRequest,
          reply: FastifyReply,
        ) {
          await requireBrand.call(this, request, reply);
          if (request.headers.authorization === undefined) return;
          try {
            await requireMember.call(this, request, reply);
            signedIn.add(request);
          } catch (error) {
            // A public page: a session that expired (the site still holds its token) reads it as a guest.
            if (!(error instanceof AppError && error.code === 'UNAUTHORIZED')) throw error;
          }
        },
      },
      async (request) =>
        ok(
          await sitePromotions.list(request.brand.id, {
            member: signedIn.has(request) ? request.member : null,
            language: request.query.language,
            isManualRebate: request.brandContext.isEnabled('MANPLAYREB3'),
          }),
        ),
    );

    app.get(
      '/promotions/:id/image',
      { preHandler: requireBrand, schema: { tags, params: sitePromotionParamsSchema } },
      async (request, reply) => {
        const { row, data } = await sitePromotions.image(request.brand.id, BigInt(request.params.id));
        return reply
          .header('content-type', row.contentType)
          .header('cache-control', 'public, max-age=86400')
          .header('content-disposition', 'inline')
          .send(data);
      },
    );

    app.post(
      '/promotions/:id/claim',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          description: 'Claims a sign-up bonus; a claim that looks like a second account is held for staff.',
          params: sitePromotionParamsSchema,
          response: { 200: promotionClaimResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await sitePromotions.claim(request.brand, request.member, BigInt(request.params.id), request.ip)),
    );
  };

/** Staff review the sign-up claims held for sharing an address or payout account with an earlier claimant. */
export const claimReviewAdminRoutes =
  ({
    sitePromotions,
    requireStaff,
    requirePermission,
    requireBrand,
  }: { sitePromotions: SitePromotionService; requireBrand: preHandlerAsyncHookHandler } & Pick<
    StaffGuards,
    'requireStaff' | 'requirePermission'
  >): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('onRoute', requirePermission('promotions.view'));
    app.addHook('preHandler', requireBrand);
    const adminTags = ['backoffice: promotions'];

    app.get(
      '/promotions/reviews',
      {
        schema: {
          tags: adminTags,
          querystring: claimReviewListQuerySchema,
          response: { 200: claimReviewListResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await sitePromotions.listReviews(request.brand.id, request.query.status)),
    );

    for (const outcome of ['approve', 'reject'] as const) {
      app.post(
        `/promotions/reviews/:id/${outcome}`,
        {
          // Paying or refusing a held claim; support staff may only look.
          config: { permission: 'promotions.review_claims' },
          schema: {
            tags: adminTags,
            params: claimReviewParamsSchema,
            body: claimReviewDecisionSchema,
            response: { 200: claimReviewResponseSchema, ...failureResponses },
          },
        },
        async (request) =>
          ok(
            await sitePromotions.decideReview(
              staffActorOf(request),
              request.brand,
              BigInt(request.params.id),
              outcome,
              request.body.note,
            ),
          ),
      );
    }
  };
