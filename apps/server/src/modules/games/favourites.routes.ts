import {
  favoriteGameChangeResponseSchema,
  favoriteGameChangeSchema,
  favoriteGameIdsResponseSchema,
  favoriteGamesQuerySchema,
  favoriteGamesResponseSchema,
  recentGamesQuerySchema,
  recentGamesResponseSchema,
} from '@wps/contracts/games';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { CatalogueService } from './catalogue.service';
import type { FavouriteService } from './favourites.service';

const tags = ['games'];
const removalQuerySchema = favoriteGameChangeSchema.partial();

/** A member's favourites and recent games (under /wps); guests get UNAUTHORIZED. */
export const favouriteRoutes =
  ({
    catalogue,
    favourites,
    requireMember,
    requireRealMember,
  }: {
    catalogue: CatalogueService;
    favourites: FavouriteService;
    requireMember: preHandlerAsyncHookHandler;
    requireRealMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireMember);

    app.get(
      '/relay/MCSFE_getFavoriteGames',
      { schema: { tags, response: { 200: favoriteGameIdsResponseSchema, ...failureResponses } } },
      async (request) => ok(await favourites.ids(request.member)),
    );

    app.get(
      '/relay/MCSFE_getFavoriteGamesList',
      {
        schema: {
          tags,
          querystring: favoriteGamesQuerySchema,
          response: { 200: favoriteGamesResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const page = await catalogue.memberGames(request.member.id, 'favourites', request.query);
        return ok({ content: page.games, pageNum: page.pageNo, totalPages: page.totalPages });
      },
    );

    app.post(
      '/relay/MCSFE_addFavoriteGameV2',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          body: favoriteGameChangeSchema,
          response: { 200: favoriteGameChangeResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await favourites.add(request.member, request.body.nodeId)),
    );

    app.delete(
      '/relay/MCSFE_removeFavoriteGameV2',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          description: 'nodeId (with vendor and gameType) in the query string or in a JSON body.',
          querystring: removalQuerySchema,
          body: favoriteGameChangeSchema.nullish(),
          response: { 200: favoriteGameChangeResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const nodeId = request.body?.nodeId ?? request.query.nodeId;
        if (nodeId === undefined) {
          throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'nodeId', message: 'Required' }] });
        }
        return ok(await favourites.remove(request.member, nodeId));
      },
    );

    app.get(
      '/relay/GCS_recentGame',
      {
        schema: {
          tags,
          querystring: recentGamesQuerySchema,
          response: { 200: recentGamesResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { page, ...query } = request.query;
        const games = await catalogue.memberGames(request.member.id, 'recent', {
          ...query,
          pageNo: page,
        });
        return ok({ list: games.games, totalPages: games.totalPages });
      },
    );
  };
