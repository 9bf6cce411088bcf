import {
  gameListQuerySchema,
  gameListResponseSchema,
  gameMenusQuerySchema,
  gameMenusResponseSchema,
  gameVendorLanesResponseSchema,
  hotGamesQuerySchema,
  hotGamesResponseSchema,
  rankListQuerySchema,
  rankListResponseSchema,
  vendorGameTypesQuerySchema,
  vendorGameTypesResponseSchema,
} from '@wps/contracts/games';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type CatalogueService, needsMember, toGameListRequest } from './catalogue.service';

const tags = ['games'];

/**
 * The public catalogue calls (under /wps): lists, hot games, vendor categories and lanes, menus and the
 * winners board. The FAV and RECENT filters of the game list need a member (UNAUTHORIZED for guests).
 */
export const catalogueRoutes =
  ({
    catalogue,
    requireBrand,
    requireMember,
  }: {
    catalogue: CatalogueService;
    requireBrand: preHandlerAsyncHookHandler;
    requireMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/relay/GCSGAME_gameList',
      {
        schema: {
          tags,
          description:
            'Games of a category, vendor, classify filter or subcategory, or a name search (every category when gameType is absent). FAV and RECENT need a member.',
          querystring: gameListQuerySchema,
          response: { 200: gameListResponseSchema, ...failureResponses },
        },
        preHandler: async function memberWhenNeeded(
          this: FastifyInstance,
          request: FastifyRequest<{ Querystring: Parameters<typeof toGameListRequest>[0] }>,
          reply: FastifyReply,
        ) {
          if (needsMember(toGameListRequest(request.query).choice)) {
            await requireMember.call(this, request, reply);
          }
        },
      },
      async (request) => {
        const listRequest = toGameListRequest(request.query);
        const memberId = needsMember(listRequest.choice) ? request.member.id : undefined;
        return ok(await catalogue.listGames(listRequest, memberId));
      },
    );

    app.get(
      '/relay/GCSGAME_hotGamesV2',
      {
        schema: {
          tags,
          querystring: hotGamesQuerySchema,
          response: { 200: hotGamesResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await catalogue.hotGames(request.query)),
    );

    app.get(
      '/relay/GCSGAME_getVassGameType',
      {
        schema: {
          tags,
          querystring: vendorGameTypesQuerySchema,
          response: { 200: vendorGameTypesResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await catalogue.vendorGameTypes(request.query.vassalage, request.query.language)),
    );

    app.get(
      '/relay/GCSGAME_newGameVendor',
      {
        schema: {
          tags,
          querystring: gameMenusQuerySchema,
          response: { 200: gameVendorLanesResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await catalogue.vendorLanes(request.query.language)),
    );

    app.get(
      '/lgw/games/game_menus',
      {
        schema: {
          tags,
          querystring: gameMenusQuerySchema,
          response: { 200: gameMenusResponseSchema, ...failureResponses },
        },
        preHandler: requireBrand,
      },
      async (request) => {
        const { brand } = request;
        const supportsTy = brand.supportedLanguages.some((language) => language.toUpperCase() === 'TY');
        return ok(await catalogue.gameMenus(request.query.language, supportsTy));
      },
    );

    app.get(
      '/relay/GCSGAME_getRankList',
      {
        schema: {
          tags,
          description: "The brand's biggest wins of the last 7 days, biggest first, account names masked.",
          querystring: rankListQuerySchema,
          response: { 200: rankListResponseSchema, ...failureResponses },
        },
        preHandler: requireBrand,
      },
      async (request) => {
        const { brand } = request;
        return ok(await catalogue.rankList(brand.id, request.query));
      },
    );
  };
