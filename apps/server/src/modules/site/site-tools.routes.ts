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

/** Our own live chat (issue 28, item 3): the one chat entry every brand offers. */
const liveChatModel = { modelId: 'live-chat', title: 'Live chat' } as const;
/**
 * The id the list answered before (the brand's external chat only): a site opened before the change still
 * holds it in its cached list for a few minutes, so launching with it keeps working.
 */
const formerLiveChatModelId = 'LIVECHAT';
const liveChatModelIds: readonly string[] = [liveChatModel.modelId, formerLiveChatModelId];
/**
 * The site's address of its chat room modal: the `modal=chat` query parameter opens it over whichever page
 * carries it (apps/web features/live-chat/api/chat-modal-link.ts reads it).
 */
export const chatModalSitePath = '/?modal=chat';

/**
 * The live-chat relay calls (spec section 7: CBS_modelList, CBS_launchChat answering chatUrl). The chat opens
 * the site's own chat room, unless the brand configured an external chat URL (a third-party desk), which wins.
 */
export const liveChatRoutes =
  (site: SiteService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/relay/CBS_modelList',
      { schema: { tags: ['site'], response: { 200: chatModelListResponseSchema, ...failureResponses } } },
      async () => ok({ list: [liveChatModel] }),
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
        const { modelId = liveChatModel.modelId } = request.query;
        if (!liveChatModelIds.includes(modelId)) throw new AppError('FEATURE_DISABLED');
        const externalUrl = await site.getLiveChatUrl(request.visitor);
        return ok({ chatUrl: externalUrl ?? chatModalSitePath });
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
