import { referralResponseSchema } from '@wps/contracts/promotions-rewards';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { requestOriginOf } from '../../http/request-context';
import { failureResponses } from '../../http/route-schemas';
import type { SiteService } from '../site/site.service';
import type { ReferralService } from './referrals.service';

/** The member's referral page (invite friends). */
export const referralRoutes =
  ({
    referrals,
    site,
    requireRealMember,
  }: {
    referrals: ReferralService;
    site: Pick<SiteService, 'getSiteOrigin'>;
    requireRealMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/referral',
      {
        preHandler: requireRealMember,
        schema: {
          tags: ['promotions: referral'],
          response: { 200: referralResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        // The link is shown back to the member who asked, so a Host header of its own choosing misleads no one.
        const own = requestOriginOf(request);
        const siteOrigin = (await site.getSiteOrigin(request.visitor, own)) ?? own;
        return ok(await referrals.get(request.member, { currency: request.brand.currency, siteOrigin }));
      },
    );
  };
