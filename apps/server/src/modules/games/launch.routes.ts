import { launchGameRequestSchema, launchGameResponseSchema } from '@wps/contracts/games';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { visitorOf } from '../../http/request-context';
import { failureResponses } from '../../http/route-schemas';
import { sessionOf } from '../auth/auth.service';
import type { SiteService } from '../site/site.service';
import type { LaunchService } from './launch.service';

const tags = ['games'];
const schema = {
  tags,
  body: launchGameRequestSchema,
  response: { 200: launchGameResponseSchema, ...failureResponses },
};

/** Starting a vendor's game: real money for members, the vendor's demo for anyone. */
export const launchRoutes =
  ({
    launch,
    site,
    requireMember,
  }: {
    launch: LaunchService;
    site: SiteService;
    requireMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/game/launchGame', { preHandler: requireMember, schema }, async (request) => {
      const { member } = sessionOf(request);
      const { brand } = await site.getBrandContext(visitorOf(request));
      // A session plays only on its own brand's site: its money is in that brand's currency.
      if (brand.id !== member.brandId) throw new AppError('UNAUTHORIZED');
      return ok(await launch.launch(member, brand, request.body));
    });

    app.post('/game/launchDemo', { schema }, async (request) => {
      const { brand } = await site.getBrandContext(visitorOf(request));
      return ok(await launch.demoLaunch(brand, { ...request.body, demo: true }));
    });
  };
