import {
  drawParamsSchema,
  drawResponseSchema,
  drawVerificationResponseSchema,
  gameMenuQuerySchema,
  gameMenuResponseSchema,
  latestNumerosQuerySchema,
  latestNumerosResponseSchema,
  lotteryGameParamsSchema,
  lotteryGameResponseSchema,
  myBetsQuerySchema,
  myBetsResponseSchema,
  openedNumerosQuerySchema,
  openedNumerosResponseSchema,
  placeBetsRequestSchema,
  placeBetsResponseSchema,
  recentMenuResponseSchema,
} from '@wps/contracts/lottery';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { LotteryService } from './lottery.service';

const tags = ['lottery'];

/** The lottery's player calls: the spec's lottery paths and the platform's own (current draw, bets, proof). */
export const lotteryRoutes =
  ({
    lottery,
    requireBrand,
    requireMember,
    requireRealMember,
  }: {
    lottery: LotteryService;
    requireBrand: preHandlerAsyncHookHandler;
    requireMember: preHandlerAsyncHookHandler;
    requireRealMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireBrand);

    app.get(
      '/lgw/vn/games/game_menu',
      {
        schema: {
          tags,
          description: 'The lottery games with their bet types, current draw and last result.',
          querystring: gameMenuQuerySchema,
          response: { 200: gameMenuResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await lottery.gameMenu(request.brand.id, request.query.vendor)),
    );

    app.get(
      '/lgw/vn/games/game_menu/recent',
      {
        preHandler: requireMember,
        schema: {
          tags,
          description: 'Lottery games the member bet on, most recent first.',
          response: { 200: recentMenuResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await lottery.recentGames(request.member)),
    );

    app.get(
      '/lgw/vn/numeros/opened/game',
      {
        schema: {
          tags,
          description: 'Results history of one lottery game, newest first.',
          querystring: openedNumerosQuerySchema,
          response: { 200: openedNumerosResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { gameCode, page, pageSize } = request.query;
        return ok(await lottery.openedDraws(request.brand.id, gameCode, page, pageSize));
      },
    );

    app.get(
      '/lotto/lgw/games/opened/numero',
      {
        preHandler: requireMember,
        schema: {
          tags,
          description: 'The latest result of every lottery game (or of one vendor).',
          querystring: latestNumerosQuerySchema,
          response: { 200: latestNumerosResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { brand } = request;
        return ok(await lottery.latestResults(brand.id, request.query.vendor));
      },
    );

    app.get(
      '/lottery/games/:gameCode',
      {
        schema: {
          tags,
          description: 'One lottery game with the draw taking bets now (number, cut-off, seed hash).',
          params: lotteryGameParamsSchema,
          response: { 200: lotteryGameResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await lottery.game(request.brand.id, request.params.gameCode)),
    );

    app.post(
      '/lottery/bets',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          description:
            'Places a ticket of bet lines on one draw; the stake is computed here and debited once per requestId.',
          body: placeBetsRequestSchema,
          response: { 200: placeBetsResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member, brand } = request;
        return ok(await lottery.placeBets(member, brand, request.body));
      },
    );

    app.get(
      '/lottery/bets',
      {
        preHandler: requireMember,
        schema: {
          tags,
          querystring: myBetsQuerySchema,
          response: { 200: myBetsResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member, brand } = request;
        return ok(await lottery.myBets(member, brand, request.query));
      },
    );

    app.get(
      '/lottery/draws/:drawId',
      {
        schema: {
          tags,
          params: drawParamsSchema,
          response: { 200: drawResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await lottery.draw(request.brand.id, request.params.drawId)),
    );

    app.get(
      '/lottery/draws/:drawId/verify',
      {
        schema: {
          tags,
          description:
            'Recomputes a fair draw from its revealed seed and compares it with the recorded result.',
          params: drawParamsSchema,
          response: { 200: drawVerificationResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await lottery.verifyDraw(request.brand.id, request.params.drawId)),
    );
  };
