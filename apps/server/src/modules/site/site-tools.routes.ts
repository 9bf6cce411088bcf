import {
  chatModelListResponseSchema,
  launchChatQuerySchema,
  launchChatResponseSchema,
} from '@wps/contracts/live-chat';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { SiteService } from './site.service';

const liveChatModelId = 'LIVECHAT';

/** The live-chat relay calls (spec section 7: CBS_modelList, CBS_launchChat answering chatUrl). */
export const liveChatRoutes =
  (site: SiteService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/relay/CBS_modelList',
      { schema: { tags: ['site'], response: { 200: chatModelListResponseSchema, ...failureResponses } } },
      async (request) => {
        const chatUrl = await site.getLiveChatUrl(request.visitor);
        return ok({ list: chatUrl === null ? [] : [{ modelId: liveChatModelId, title: 'Live chat' }] });
      },
    );
    app.get(
      '/relay/CBS_launchChat',
      {
        schema: {
          tags: ['site'],
          querystring: launchChatQuerySchema,
          response: { 200: launchChatResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const chatUrl = await site.getLiveChatUrl(request.visitor);
        const { modelId = liveChatModelId } = request.query;
        if (chatUrl === null || modelId !== liveChatModelId) throw new AppError('FEATURE_DISABLED');
        return ok({ chatUrl });
      },
    );
  };

/** The path other domains' speed tests fetch; the path and its version are the spec's. */
export const pingPath = '/common/v.1.0.1/ping.json';

/**
 * The speed-test target (spec section 7, Ping): tiny, never cached, readable from any origin, since the
 * site pings its mirror domains from whichever one it was opened on.
 */
export const pingRoutes: FastifyPluginAsync = async (app) => {
  app.get(pingPath, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send({ ok: true }),
  );
};
