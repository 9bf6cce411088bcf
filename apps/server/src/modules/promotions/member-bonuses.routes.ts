import { depositOffersQuerySchema, depositOffersResponseSchema } from '@wps/contracts/deposit-bonuses';
import { bonusListResponseSchema } from '@wps/contracts/promotions';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { BonusService } from './bonuses.service';
import type { DepositBonusService } from './deposit-bonuses.service';

const tags = ['promotions'];

export type MemberBonusRoutesOptions = {
  bonuses: BonusService;
  depositBonuses: DepositBonusService;
  requireRealMember: preHandlerAsyncHookHandler;
};

/** The member's bonuses (bonusDetails) and the deposit bonuses the deposit form offers. */
export const memberBonusRoutes =
  ({ bonuses, depositBonuses, requireRealMember }: MemberBonusRoutesOptions): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/bonuses',
      {
        preHandler: requireRealMember,
        schema: { tags, response: { 200: bonusListResponseSchema, ...failureResponses } },
      },
      async (request) => {
        const { member, brand } = request;
        return ok(await bonuses.list({ brandId: brand.id, memberId: member.id, currency: brand.currency }));
      },
    );

    app.get(
      '/promotions/deposit-offers',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          querystring: depositOffersQuerySchema,
          response: { 200: depositOffersResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member, brand } = request;
        return ok({ list: await depositBonuses.offers(member, brand, request.query.channelCode) });
      },
    );
  };
